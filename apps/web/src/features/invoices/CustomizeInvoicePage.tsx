import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, ColorPicker, Collapse, ColorSwatch, Group, Select, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconFileOff, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  DEFAULT_INVOICE_CUSTOMIZATION,
  INVOICE_BODY_FONTS,
  INVOICE_HEADING_FONTS,
  INVOICE_MSG as MSG,
  INVOICE_PRESET_COLORS,
  INVOICE_ZOOM,
  invoiceSchema,
  type Invoice,
  type InvoiceCustomization,
} from '@tankha/contracts';
import { toast } from '../../app/toast';
import { PageLoader } from '../../ui/PageLoader';
import { StatusScreen } from '../../ui/StatusScreen';
import { INVOICE_PATHS } from './InvoicesLayout';
import { InvoiceTemplate } from './InvoiceTemplate';
import { DRAFT_INVOICE_KEY, INVOICES_KEY, saveCustomization, useInvoice } from './invoices.api';
import { toastApiError } from '../../ui/kit/api-error-toast';

/** The draft invoice left by the create page; a broken one is reported once and ignored. */
function readDraft(): { id: string } | null {
  const raw = localStorage.getItem(DRAFT_INVOICE_KEY);
  if (!raw) return null;
  try {
    const parsed = invoiceSchema.pick({ id: true }).safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through
  }
  toast.error(MSG.parseDraftFailed);
  localStorage.removeItem(DRAFT_INVOICE_KEY);
  return null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** /customize-invoice (platform spec §2.7). */
export function CustomizeInvoicePage() {
  const navigate = useNavigate();
  const [draft] = useState(readDraft);
  const invoice = useInvoice(draft?.id ?? null);
  if (!draft || invoice.isError) {
    return (
      <StatusScreen
        icon={<IconFileOff size={32} />}
        title={MSG.noInvoiceDataTitle}
        actions={
          <Button onClick={() => navigate(INVOICE_PATHS.create)}>{MSG.createInvoice}</Button>
        }
      >
        {MSG.noInvoiceData}
      </StatusScreen>
    );
  }
  if (invoice.isPending) return <PageLoader label="Loading invoice" />;
  return <Customizer key={invoice.data.id} invoice={invoice.data} />;
}

function Customizer({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [style, setStyle] = useState<InvoiceCustomization>(invoice.customization ?? DEFAULT_INVOICE_CUSTOMIZATION);
  const [hex, setHex] = useState(style.templateBaseColor.slice(1));
  const [zoom, setZoom] = useState<number>(INVOICE_ZOOM.start);
  const [templatesOpen, setTemplatesOpen] = useState(true);
  const [styleOpen, setStyleOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const setColour = (c: string) => {
    setStyle((s) => ({ ...s, templateBaseColor: c.toLowerCase() }));
    setHex(c.slice(1).toLowerCase());
  };
  const save = async () => {
    setSaving(true);
    try {
      await saveCustomization(invoice.id, { ...style, terms: invoice.terms, notes: invoice.notes });
      toast.success(MSG.customizationSaved);
      localStorage.removeItem(DRAFT_INVOICE_KEY);
      await queryClient.invalidateQueries({ queryKey: [INVOICES_KEY] });
      navigate(INVOICE_PATHS.all);
    } catch (error) {
      toastApiError(error, MSG.saveCustomizationFailed);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Customize Invoice</Title>
        <Group>
          <Button variant="default" onClick={() => navigate(INVOICE_PATHS.all)}>
            {MSG.continueWithout}
          </Button>
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? MSG.saving : MSG.saveCustomization}
          </Button>
        </Group>
      </Group>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack w={300} gap="md" style={{ flexShrink: 0 }}>
          <Card withBorder>
            <UnstyledButton onClick={() => setTemplatesOpen((v) => !v)} aria-expanded={templatesOpen} w="100%">
              <Group justify="space-between">
                <Text fw={600}>Select Template</Text>
                {templatesOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              </Group>
            </UnstyledButton>
            <Collapse expanded={templatesOpen}>
              <Stack gap="xs" mt="sm">
                {([1, 2, 3] as const).map((n) => (
                  <Button key={n} variant={style.templateType === n ? 'filled' : 'default'} aria-pressed={style.templateType === n} onClick={() => setStyle((s) => ({ ...s, templateType: n }))} rightSection={n > 1 ? <Badge size="xs" color="green">New</Badge> : null}>
                    {`template${String(n)}`}
                  </Button>
                ))}
              </Stack>
            </Collapse>
          </Card>
          <Card withBorder>
            <UnstyledButton onClick={() => setStyleOpen((v) => !v)} aria-expanded={styleOpen} w="100%">
              <Group justify="space-between">
                <Text fw={600}>Customize Style</Text>
                {styleOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              </Group>
            </UnstyledButton>
            <Collapse expanded={styleOpen}>
              <Stack gap="sm" mt="sm">
                <Text size="sm">Heading Colour</Text>
                <Group gap={6}>
                  {INVOICE_PRESET_COLORS.map((c) => (
                    <ColorSwatch key={c} component="button" color={c} aria-label={`Colour ${c}`} aria-pressed={style.templateBaseColor === c} onClick={() => setColour(c)} style={{ cursor: 'pointer', outline: style.templateBaseColor === c ? '2px solid #111' : undefined }} />
                  ))}
                </Group>
                <ColorPicker format="hex" value={style.templateBaseColor} onChange={setColour} aria-label="Colour picker" />
                <TextInput
                  label="Hex"
                  leftSection="#"
                  maxLength={6}
                  value={hex}
                  onChange={(e) => {
                    // Platform spec §5: up to 6 hex characters; the colour applies once all 6 are there.
                    const v = e.currentTarget.value.replace(/[^0-9a-fA-F]/g, '').slice(0, 6);
                    setHex(v);
                    if (v.length === 6) setStyle((s) => ({ ...s, templateBaseColor: `#${v.toLowerCase()}` }));
                  }}
                />
                <Select label="Heading Font" data={[...INVOICE_HEADING_FONTS]} value={style.headingFontFamily} allowDeselect={false} onChange={(v) => v && setStyle((s) => ({ ...s, headingFontFamily: v as InvoiceCustomization['headingFontFamily'] }))} />
                <Select label="Body Font" data={[...INVOICE_BODY_FONTS]} value={style.bodyFontFamily} allowDeselect={false} onChange={(v) => v && setStyle((s) => ({ ...s, bodyFontFamily: v as InvoiceCustomization['bodyFontFamily'] }))} />
              </Stack>
            </Collapse>
          </Card>
        </Stack>
        <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
          <Group gap="xs">
            <ActionIcon variant="default" aria-label="Zoom out" disabled={zoom <= INVOICE_ZOOM.min} onClick={() => setZoom((z) => Math.max(INVOICE_ZOOM.min, round1(z - INVOICE_ZOOM.step)))}>
              <IconZoomOut size={16} />
            </ActionIcon>
            <Text size="sm" aria-label="Zoom level">{`${String(Math.round(zoom * 100))}%`}</Text>
            <ActionIcon variant="default" aria-label="Zoom in" disabled={zoom >= INVOICE_ZOOM.max} onClick={() => setZoom((z) => Math.min(INVOICE_ZOOM.max, round1(z + INVOICE_ZOOM.step)))}>
              <IconZoomIn size={16} />
            </ActionIcon>
          </Group>
          <div style={{ overflow: 'auto', background: '#f1f3f5', padding: 16, borderRadius: 8 }}>
            <div style={{ width: 794 * zoom, height: 1123 * zoom }}>
              <div style={{ transform: `scale(${String(zoom)})`, transformOrigin: 'top left' }}>
                <InvoiceTemplate invoice={invoice} style={style} />
              </div>
            </div>
          </div>
        </Stack>
      </Group>
    </Stack>
  );
}

import { MSG, type Checkout } from '@tankha/contracts';
import { toast } from '../../app/toast';
import { dismissCheckout, verifyPayment } from './subscription.api';
import { toastUnlessHandled } from '../../ui/kit/api-error-toast';

/** Platform §7.1: after payment the page reloads about 2 seconds later. */
export const RELOAD_AFTER_PAYMENT_MS = 2000;
export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
export const LOCAL_CHECKOUT_PATH = '/my-subscription/checkout';

interface RazorpayResponse {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}
interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: () => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let scriptLoading: Promise<RazorpayConstructor> | null = null;

/** Loads Razorpay Checkout's script once. */
function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  scriptLoading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('Razorpay did not load'));
    };
    script.onerror = () => {
      scriptLoading = null;
      reject(new Error('Razorpay did not load'));
    };
    document.head.append(script);
  });
  return scriptLoading;
}

/** Sends the checkout's callback to the server, which verifies its signature; then the success message and the reload. */
export async function completePayment(subscriptionId: string, callback: RazorpayResponse, reload: () => void = () => window.location.assign('/my-subscription')): Promise<boolean> {
  try {
    await verifyPayment(subscriptionId, callback);
  } catch (error) {
    toastUnlessHandled(error, MSG.paymentFailed);
    return false;
  }
  toast.success(MSG.paymentSuccess);
  setTimeout(reload, RELOAD_AFTER_PAYMENT_MS);
  return true;
}

/**
 * Opens the provider's checkout for a created subscription: Razorpay Checkout with the user's name,
 * contact and e-mail prefilled, or the local test checkout page. Dismissing it cancels the pending
 * subscription (platform §4).
 */
export async function openCheckout(checkout: Checkout, navigate: (path: string) => void): Promise<void> {
  if (checkout.provider === 'local') {
    navigate(`${LOCAL_CHECKOUT_PATH}/${encodeURIComponent(checkout.id)}`);
    return;
  }
  try {
    const Razorpay = await loadRazorpay();
    const rzp = new Razorpay({
      key: checkout.keyId,
      subscription_id: checkout.id,
      name: 'Tankha',
      description: `${checkout.planName} plan, ${checkout.quantity.toString()} users`,
      prefill: checkout.prefill,
      notes: { subscriptionId: checkout.subscriptionId },
      theme: { color: '#3b5bdb' },
      handler: (response: RazorpayResponse) => void completePayment(checkout.subscriptionId, response),
      modal: { ondismiss: () => void dismissCheckout(checkout.subscriptionId).catch(() => undefined) },
    });
    rzp.on('payment.failed', () => toast.error(MSG.paymentFailed));
    rzp.open();
  } catch {
    toast.error(MSG.paymentSetupError);
  }
}

import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_METRES, computeHaversineMetres, formatDistance, locateInGeofences } from './geofence';

/** Degrees, minutes, seconds to decimal degrees (negative for S and W). */
const dms = (d: number, m: number, s: number, sign: 1 | -1 = 1) => sign * (d + m / 60 + s / 3600);

describe('computeHaversineMetres', () => {
  // Geometry on a sphere of radius R: an arc of θ radians is R·θ long.
  const oneDegree = (EARTH_RADIUS_METRES * Math.PI) / 180; // 111,194.93 m
  it.each([
    ['the same point', { latitude: 12.9716, longitude: 77.5946 }, { latitude: 12.9716, longitude: 77.5946 }, 0],
    ['1° of latitude along a meridian = R·π/180', { latitude: 0, longitude: 77 }, { latitude: 1, longitude: 77 }, oneDegree],
    ['1° of longitude along the equator = R·π/180', { latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 }, oneDegree],
    ['equator to the pole = quarter circumference πR/2', { latitude: 0, longitude: 45 }, { latitude: 90, longitude: 45 }, (Math.PI * EARTH_RADIUS_METRES) / 2],
    ['antipodes = half circumference πR', { latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 }, Math.PI * EARTH_RADIUS_METRES],
    ['across the antimeridian: 179.5°E to 179.5°W is 1° of equator', { latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 }, oneDegree],
  ])('%s', (_label, a, b, metres) => {
    expect(computeHaversineMetres(a, b)).toBeCloseTo(metres, 3);
  });

  it("Land's End to John o' Groats is 968.9 km (Movable Type's worked example, R = 6,371 km)", () => {
    const landsEnd = {
      latitude: dms(50, 3, 59),
      longitude: dms(5, 42, 53, -1),
    };
    const johnOGroats = {
      latitude: dms(58, 38, 38),
      longitude: dms(3, 4, 12, -1),
    };
    expect(Math.round(computeHaversineMetres(landsEnd, johnOGroats) / 100) / 10).toBe(968.9);
  });

  it('is symmetric', () => {
    const mumbai = { latitude: 19.076, longitude: 72.8777 };
    const delhi = { latitude: 28.6139, longitude: 77.209 };
    expect(computeHaversineMetres(mumbai, delhi)).toBe(computeHaversineMetres(delhi, mumbai));
  });

  it('a site-sized distance: 0.001° of latitude is 111.19 m', () => {
    expect(computeHaversineMetres({ latitude: 12.97, longitude: 77.59 }, { latitude: 12.971, longitude: 77.59 })).toBeCloseTo(111.19, 2);
  });
});

describe('locateInGeofences', () => {
  // 0.001° of latitude ≈ 111.19 m (above), so points north of a centre are at known distances.
  const office = {
    id: 'office',
    latitude: 12.97,
    longitude: 77.59,
    radiusMetres: 200,
  };
  const warehouse = {
    id: 'warehouse',
    latitude: 13.0,
    longitude: 77.59,
    radiusMetres: 100,
  };

  it('is inside a site within its radius, and names it as the nearest', () => {
    const m = locateInGeofences({ latitude: 12.971, longitude: 77.59 }, [warehouse, office]);
    expect(m.inside?.id).toBe('office');
    expect(m.nearest?.site.id).toBe('office');
    expect(m.nearest?.distanceMetres).toBeCloseTo(111.19, 1);
  });

  it('counts the edge as inside and one metre beyond as outside', () => {
    const edge = {
      ...office,
      radiusMetres: computeHaversineMetres(office, {
        latitude: 12.971,
        longitude: 77.59,
      }),
    };
    expect(locateInGeofences({ latitude: 12.971, longitude: 77.59 }, [edge]).inside?.id).toBe('office');
    expect(locateInGeofences({ latitude: 12.971, longitude: 77.59 }, [{ ...edge, radiusMetres: edge.radiusMetres - 1 }]).inside).toBeNull();
  });

  it('outside every site: no match, and the nearest with its distance', () => {
    // 0.003° north of the office = 333.6 m: outside its 200 m; the warehouse is 0.027° (3 km) away.
    const m = locateInGeofences({ latitude: 12.973, longitude: 77.59 }, [office, warehouse]);
    expect(m.inside).toBeNull();
    expect(m.nearest?.site.id).toBe('office');
    expect(Math.round(m.nearest?.distanceMetres ?? 0)).toBe(334);
  });

  it('overlapping sites: the nearer centre wins', () => {
    const wide = {
      id: 'campus',
      latitude: 12.975,
      longitude: 77.59,
      radiusMetres: 5000,
    };
    expect(locateInGeofences({ latitude: 12.9705, longitude: 77.59 }, [wide, office]).inside?.id).toBe('office');
  });

  it('no sites: nothing inside and no nearest', () => {
    expect(locateInGeofences({ latitude: 0, longitude: 0 }, [])).toEqual({
      inside: null,
      nearest: null,
    });
  });
});

describe('formatDistance', () => {
  it('whole metres below a kilometre, then kilometres to one decimal', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(35.4)).toBe('35 m');
    expect(formatDistance(999.4)).toBe('999 m');
    // 999.5 rounds to 1,000 m: shown as a kilometre, not "1000 m".
    expect(formatDistance(999.5)).toBe('1 km');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(1250)).toBe('1.3 km');
    expect(formatDistance(1_234_567)).toBe('1,234.6 km');
  });

  it("Land's End to John o' Groats reads as 968.9 km", () => {
    const landsEnd = { latitude: dms(50, 3, 59), longitude: dms(5, 42, 53, -1) };
    const johnOGroats = { latitude: dms(58, 38, 38), longitude: dms(3, 4, 12, -1) };
    expect(formatDistance(computeHaversineMetres(landsEnd, johnOGroats))).toBe('968.9 km');
  });
});

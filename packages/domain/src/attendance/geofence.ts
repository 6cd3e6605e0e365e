/**
 * Geofences for check-in at client sites: the great-circle distance between two
 * points by the haversine formula, and which of an employee's sites a point lies in.
 *
 * The earth is taken as a sphere of radius 6,371 km (the mean radius used by the haversine
 * references, e.g. Movable Type's "Calculate distance, bearing and more between Latitude/Longitude
 * points"); on the ellipsoid the true distance differs by up to about 0.5 %, a few metres on a
 * site's radius, far less than a phone's location accuracy.
 */

export const EARTH_RADIUS_METRES = 6_371_000;

export interface GeoPoint {
  /** Degrees, −90 to 90 (north positive). */
  latitude: number;
  /** Degrees, −180 to 180 (east positive). */
  longitude: number;
}

export interface Geofence extends GeoPoint {
  radiusMetres: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Haversine: a = sin²(Δφ/2) + cos φ1 · cos φ2 · sin²(Δλ/2); d = 2R · atan2(√a, √(1−a)).
 * Symmetric, zero for the same point, πR for antipodes.
 */
export function computeHaversineMetres(from: GeoPoint, to: GeoPoint): number {
  const phi1 = toRadians(from.latitude);
  const phi2 = toRadians(to.latitude);
  const dPhi = toRadians(to.latitude - from.latitude);
  const dLambda = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dPhi / 2) ** 2 +
    Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) ** 2;
  return (
    2 *
    EARTH_RADIUS_METRES *
    Math.atan2(Math.sqrt(a), Math.sqrt(Math.max(0, 1 - a)))
  );
}

export interface GeofenceMatch<T extends Geofence> {
  /** The nearest site whose circle holds the point (distance ≤ radius, the edge counts as inside), or null. */
  inside: T | null;
  /** The nearest site by distance from its centre, whether inside or not; null when there are no sites. */
  nearest: { site: T; distanceMetres: number } | null;
}

/** Where a point stands among sites: inside one (the nearest such), and the nearest overall. */
export function locateInGeofences<T extends Geofence>(
  point: GeoPoint,
  sites: readonly T[],
): GeofenceMatch<T> {
  let inside: { site: T; distanceMetres: number } | null = null;
  let nearest: { site: T; distanceMetres: number } | null = null;
  for (const site of sites) {
    const distanceMetres = computeHaversineMetres(point, site);
    if (!nearest || distanceMetres < nearest.distanceMetres)
      nearest = { site, distanceMetres };
    if (
      distanceMetres <= site.radiusMetres &&
      (!inside || distanceMetres < inside.distanceMetres)
    )
      inside = { site, distanceMetres };
  }
  return { inside: inside?.site ?? null, nearest };
}

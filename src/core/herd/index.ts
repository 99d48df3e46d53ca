// The herd that pushes back: the AWS backoff-and-jitter experiment (optimistic
// concurrency on one row) and the capacity model (a server with finite capacity, an
// outage, the retry storm after it and the client-side limits that tame it).
export { EventHeap } from "./event-heap.js";
export { type NetworkModel, NetworkDelay, PAPER_NETWORK } from "./network.js";
export { OCC_MODES, type OccBackoff, type OccMode, OccWaits, PAPER_BASE_MS, PAPER_CAP_MS } from "./occ-backoff.js";
export { type OccExperiment, type OccPoint, type OccRun, OccSimulator, type OccSummary, type OccTrace, checkOccExperiment, occRuns, OccTooLongError, simulateOcc, simulateOccPoints } from "./occ.js";
export { RunningStats, type Spread } from "./running-stats.js";
export * from "./capacity/index.js";

/**
 * Motion detection (video analysis): per camera, grey frames decoded from the hub stream are compared inside
 * polygon zones; events start, end by dwell / motion timeout / force close, and settings apply live.
 * See README.md. The app wires `MotionManager` (setCameras after hub.setCameras; listen to motionStarted/Ended).
 */
export { MotionManager, type MotionFrameTap, type MotionManagerOptions } from './motion-manager.js';
export { MotionDetector, type FrameOptions, type MotionDetectorOptions, type MotionDetectorStatus, type MotionHub } from './motion-detector.js';
export type { MotionAnalysisEvent, MotionDetectorEvents, MotionEndedEvent, MotionEvents, MotionStartedEvent } from './motion-events.js';
export { MotionAnalyzer, type MotionAnalyzerOptions } from './motion-analyzer.js';
export { MotionStateMachine, type MotionEndReason, type MotionPhase, type MotionTiming, type MotionTransition } from './motion-state.js';
export { FrameDiff, DEFAULT_SCENE_CHANGE, type DiffResult, type DiffThresholds, type SceneChangeOptions } from './frame-diff.js';
export { rasterizeZones, type FillRule, type ZoneMask, type ZonePolygon } from './zones.js';
export { FrameSource, type FrameFormat, type GrayFrame } from './frame-source.js';
export type { ColorFrame } from './color-frame.js';
export type { DecodeMode } from './frame-args.js';
export { analysisStream, motionSettingsOf, wantsMotionDetection, type MotionSettings, type VideoAnalysis } from './settings.js';
export { systemClock, type Clock } from '../lib/clock.js';

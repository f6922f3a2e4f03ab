import { randomUUID } from 'node:crypto';
import { durationMs, escapeXml } from './soap.js';

/** Pull-point subscriptions of the events service: create, long-poll PullMessages, Renew, Unsubscribe. */

export type EventAnswer = { body: string; header?: string } | { fault: string; reason: string };

interface Subscription {
  id: string;
  terminationAt: number;
  queue: string[];
  /** Wakes a waiting PullMessages. */
  wake: (() => void) | null;
}

const MOTION_TOPIC = 'tns1:RuleEngine/CellMotionDetector/Motion';
/** The longest PullMessages wait the device grants (cameras cap it, e.g. at one minute). */
const MAX_PULL_WAIT_MS = 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

function notification(topic: string, name: string, value: string, at: number): string {
  return (
    `<wsnt:NotificationMessage><wsnt:Topic Dialect="http://www.onvif.org/ver10/tev/topicExpression/ConcreteSet">${escapeXml(topic)}</wsnt:Topic>` +
    `<wsnt:Message><tt:Message UtcTime="${iso(at)}" PropertyOperation="Changed"><tt:Source>` +
    '<tt:SimpleItem Name="VideoSourceConfigurationToken" Value="VideoSourceConfig_1"/>' +
    '<tt:SimpleItem Name="VideoAnalyticsConfigurationToken" Value="VideoAnalyticsConfig_1"/>' +
    '<tt:SimpleItem Name="Rule" Value="MyMotionDetectorRule"/></tt:Source>' +
    `<tt:Data><tt:SimpleItem Name="${escapeXml(name)}" Value="${escapeXml(value)}"/></tt:Data></tt:Message></wsnt:Message></wsnt:NotificationMessage>`
  );
}

const EVENT_PROPERTIES =
  '<tev:GetEventPropertiesResponse><tev:TopicNamespaceLocation>http://www.onvif.org/onvif/ver10/topics/topicns.xml</tev:TopicNamespaceLocation>' +
  '<wsnt:FixedTopicSet>true</wsnt:FixedTopicSet><wstop:TopicSet xmlns:wstop="http://docs.oasis-open.org/wsn/t-1">' +
  '<tns1:RuleEngine><CellMotionDetector><Motion wstop:topic="true"><tt:MessageDescription IsProperty="true">' +
  '<tt:Source><tt:SimpleItemDescription Name="VideoSourceConfigurationToken" Type="tt:ReferenceToken"/></tt:Source>' +
  '<tt:Data><tt:SimpleItemDescription Name="IsMotion" Type="xs:boolean"/></tt:Data></tt:MessageDescription></Motion></CellMotionDetector></tns1:RuleEngine>' +
  '</wstop:TopicSet><wsnt:TopicExpressionDialect>http://www.onvif.org/ver10/tev/topicExpression/ConcreteSet</wsnt:TopicExpressionDialect>' +
  '<tev:MessageContentFilterDialect>http://www.onvif.org/ver10/tev/messageContentFilter/ItemFilter</tev:MessageContentFilterDialect>' +
  '<tev:MessageContentSchemaLocation>http://www.onvif.org/onvif/ver10/schema/onvif.xsd</tev:MessageContentSchemaLocation>' +
  '</tev:GetEventPropertiesResponse>';

export class PullPoints {
  private readonly subscriptions = new Map<string, Subscription>();

  constructor(private readonly base: () => string) {}

  get count(): number {
    return this.subscriptions.size;
  }

  clear(): void {
    for (const subscription of this.subscriptions.values()) subscription.wake?.();
    this.subscriptions.clear();
  }

  emit(topic: string, name: string, value: string, deviceNow: number): void {
    for (const subscription of this.subscriptions.values()) {
      subscription.queue.push(notification(topic, name, value, deviceNow));
      subscription.wake?.();
    }
  }

  emitMotion(isMotion: boolean, deviceNow: number): void {
    this.emit(MOTION_TOPIC, 'IsMotion', String(isMotion), deviceNow);
  }

  /** Answers of the events service (its own address). */
  serviceAnswer(action: string, params: Record<string, string>, deviceNow: number): EventAnswer | null {
    if (action === 'GetEventProperties') return { body: EVENT_PROPERTIES };
    if (action !== 'CreatePullPointSubscription') return null;
    const id = randomUUID();
    const terminationAt = deviceNow + durationMs(params.InitialTerminationTime, 60_000);
    this.subscriptions.set(id, { id, terminationAt, queue: [], wake: null });
    return {
      body:
        `<tev:CreatePullPointSubscriptionResponse><tev:SubscriptionReference><wsa:Address>${this.base()}/onvif/subscription/${id}</wsa:Address>` +
        `</tev:SubscriptionReference><wsnt:CurrentTime>${iso(deviceNow)}</wsnt:CurrentTime><wsnt:TerminationTime>${iso(terminationAt)}</wsnt:TerminationTime>` +
        '</tev:CreatePullPointSubscriptionResponse>',
    };
  }

  /** Answers at a subscription's address; PullMessages waits for an event up to its Timeout. */
  async subscriptionAnswer(id: string, action: string, params: Record<string, string>, deviceNow: () => number): Promise<EventAnswer | null> {
    const subscription = this.subscriptions.get(id);
    if (subscription && subscription.terminationAt < deviceNow()) this.subscriptions.delete(id);
    if (!subscription || !this.subscriptions.has(id)) return { fault: 'ter:InvalidArgVal', reason: 'unknown or expired subscription' };
    switch (action) {
      case 'PullMessages':
        return this.pull(subscription, params, deviceNow);
      case 'Renew':
        subscription.terminationAt = deviceNow() + durationMs(params.TerminationTime, 60_000);
        return {
          body: `<wsnt:RenewResponse><wsnt:TerminationTime>${iso(subscription.terminationAt)}</wsnt:TerminationTime><wsnt:CurrentTime>${iso(deviceNow())}</wsnt:CurrentTime></wsnt:RenewResponse>`,
        };
      case 'Unsubscribe':
        this.subscriptions.delete(id);
        subscription.wake?.();
        return { body: '<wsnt:UnsubscribeResponse/>' };
      case 'SetSynchronizationPoint':
        return { body: '<tev:SetSynchronizationPointResponse/>' };
      default:
        return null;
    }
  }

  private async pull(subscription: Subscription, params: Record<string, string>, deviceNow: () => number): Promise<EventAnswer> {
    if (subscription.queue.length === 0) {
      const waitMs = Math.min(durationMs(params.Timeout, 10_000), MAX_PULL_WAIT_MS);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs);
        function done() {
          clearTimeout(timer);
          subscription.wake = null;
          resolve();
        }
        subscription.wake = done;
      });
    }
    const limit = Math.max(1, Math.min(Number(params.MessageLimit) || 10, 100));
    const messages = subscription.queue.splice(0, limit).join('');
    return {
      body:
        `<tev:PullMessagesResponse><tev:CurrentTime>${iso(deviceNow())}</tev:CurrentTime><tev:TerminationTime>${iso(subscription.terminationAt)}</tev:TerminationTime>` +
        `${messages}</tev:PullMessagesResponse>`,
    };
  }
}

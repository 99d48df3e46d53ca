import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { find, problem } from "../../support/recognise.js";

// AWS::Lambda::EventInvokeConfig and SAM's EventInvokeConfig: MaximumRetryAttempts 0–2
// (default 2), MaximumEventAgeInSeconds 60–21,600 (default 21,600); the function's Timeout
// (default 3 s) is the try time.
const located = (text: string, kind: "yaml" | "json" = "yaml") =>
  recogniseFile({ name: "t", text, kind, named: false }).policies.map((p) => [`${p.line}:${p.column}`, p.name, p.options, p.timeouts, p.disabled === true]);

describe("AWS Lambda asynchronous invocation (shapes/lambda-async.ts)", () => {
  it("a SAM function's EventInvokeConfig, with its Timeout as the try time and the event age as the deadline", () => {
    const text = "Transform: AWS::Serverless-2016-10-31\nResources:\n  Fn:\n    Type: AWS::Serverless::Function\n    Properties:\n      Timeout: 60\n      EventInvokeConfig:\n        MaximumRetryAttempts: 1\n        MaximumEventAgeInSeconds: 600\n";
    expect(located(text)).toEqual([
      [
        "7:7",
        "Fn (EventInvokeConfig)",
        { attempts: "1", deadline: "600s", attemptTime: "60s" },
        [
          { role: "deadline", field: "MaximumEventAgeInSeconds", line: 9, column: 9 },
          { role: "attempt-time", field: "the function's Timeout (Fn)", line: 6, column: 7 },
        ],
        false,
      ],
    ]);
  });

  it("SAM's Globals.Function.Timeout, else 3 s; the defaults' 6 h event age", () => {
    const sam = "Globals:\n  Function:\n    Timeout: 20\nResources:\n  Fn:\n    Type: AWS::Serverless::Function\n    Properties:\n      EventInvokeConfig: {MaximumRetryAttempts: 2}\n";
    expect(located(sam).map((p) => [p[2], (p[3] as { field: string }[]).map((t) => t.field)])).toEqual([
      [{ attempts: "2", deadline: "21600s", attemptTime: "20s" }, ["Lambda's default MaximumEventAgeInSeconds (6 h)", "Globals.Function.Timeout"]],
    ]);
    const cfn = '{"Resources": {"F": {"Type": "AWS::Lambda::Function", "Properties": {}}, "C": {"Type": "AWS::Lambda::EventInvokeConfig", "Properties": {"FunctionName": {"Ref": "F"}, "Qualifier": "$LATEST"}}}}';
    expect(located(cfn, "json")).toEqual([
      ["1:74", "C", { deadline: "21600s", attemptTime: "3s" }, [{ role: "deadline", field: "Lambda's default MaximumEventAgeInSeconds (6 h)", line: null, column: null }, { role: "attempt-time", field: "the function's default Timeout (3 s, F)", line: null, column: null }], false],
    ]);
  });

  it("SAM's Globals.Function.EventInvokeConfig applies to every SAM function, the function's own keys over it, IgnoreGlobals keeping it off", () => {
    // samtranslator v1.110.0 plugins/globals/globals.py: EventInvokeConfig is a supported Function global, merged key by key
    // (_merge_dict: the local value wins where both set one); IgnoreGlobals "*" or a list naming it drops it; globals are SAM's alone.
    const text = [
      "Globals:",
      "  Function:",
      "    Timeout: 20",
      "    EventInvokeConfig:",
      "      MaximumRetryAttempts: 1",
      "      MaximumEventAgeInSeconds: 900",
      "Resources:",
      "  A:",
      "    Type: AWS::Serverless::Function",
      "  B:",
      "    Type: AWS::Serverless::Function",
      "    Properties:",
      "      EventInvokeConfig:",
      "        MaximumRetryAttempts: 0",
      "  C:",
      "    Type: AWS::Serverless::Function",
      "    IgnoreGlobals: [EventInvokeConfig]",
      "  D:",
      "    Type: AWS::Serverless::Function",
      "    IgnoreGlobals: '*'",
      "  E:",
      "    Type: AWS::Lambda::Function",
      "",
    ].join("\n");
    const age = { role: "deadline", field: "MaximumEventAgeInSeconds", line: 6, column: 7 };
    const timeout = { role: "attempt-time", field: "Globals.Function.Timeout", line: null, column: null };
    expect(located(text)).toEqual([
      ["4:5", "A (Globals.Function.EventInvokeConfig)", { attempts: "1", deadline: "900s", attemptTime: "20s" }, [age, timeout], false],
      ["13:7", "B (EventInvokeConfig)", { attempts: "0", deadline: "900s", attemptTime: "20s" }, [age, timeout], true],
    ]);
    // A wrong global value is a finding for each function it reaches, at its one place.
    const wrong = "Globals:\n  Function:\n    EventInvokeConfig:\n      MaximumRetryAttempts: 5\nResources:\n  A:\n    Type: AWS::Serverless::Function\n  B:\n    Type: AWS::Serverless::Function\n";
    expect(find(wrong).invalid).toEqual([
      '4:29 A (Globals.Function.EventInvokeConfig): MaximumRetryAttempts of "A" must be from 0 to 2, got 5',
      '4:29 B (Globals.Function.EventInvokeConfig): MaximumRetryAttempts of "B" must be from 0 to 2, got 5',
    ]);
    // JSON alike; a function's own intrinsic EventInvokeConfig is taken whole (an intrinsic merges as one value).
    const json = '{"Globals": {"Function": {"EventInvokeConfig": {"MaximumRetryAttempts": 0}}}, "Resources": {"F": {"Type": "AWS::Serverless::Function", "Properties": {"EventInvokeConfig": {"Fn::If": ["P", {}, {}]}}}}}';
    expect(find(json, "json", "t.json").policies).toEqual([{ at: "1:151", system: "lambda-async", name: "F (EventInvokeConfig)", options: { deadline: "21600s", attemptTime: "3s" } }]);
  });

  it("MaximumRetryAttempts 0 switches retries off; out of range is refused as CloudFormation refuses it", () => {
    const config = (props: string) => `Resources:\n  C:\n    Type: AWS::Lambda::EventInvokeConfig\n    Properties:\n      FunctionName: worker\n      Qualifier: live\n${props}`;
    expect(find(config("      MaximumRetryAttempts: 0\n")).policies).toEqual([{ at: "2:3", system: "lambda-async", name: "C", options: { attempts: "0", deadline: "21600s" }, disabled: true }]);
    expect(problem(config("      MaximumRetryAttempts: 3\n"))).toBe('f.yaml:7:29: MaximumRetryAttempts of "C" must be from 0 to 2, got 3');
    expect(problem(config("      MaximumEventAgeInSeconds: 30\n"))).toBe('f.yaml:7:33: MaximumEventAgeInSeconds of "C" must be from 60 to 21,600, got 30');
  });

  it("an intrinsic function is set when the stack is deployed: !Ref in YAML, Ref and Fn::If in JSON", () => {
    const yaml = "Resources:\n  Fn:\n    Type: AWS::Serverless::Function\n    Properties:\n      EventInvokeConfig:\n        MaximumRetryAttempts: !Ref Retries\n";
    expect(find(yaml).unresolved).toEqual(['6:36 Fn (EventInvokeConfig): MaximumRetryAttempts of "Fn" is set when the stack is deployed (!Ref), not a number the file gives']);
    const json = '{"Resources": {"C": {"Type": "AWS::Lambda::EventInvokeConfig", "Properties": {"FunctionName": "f", "MaximumEventAgeInSeconds": {"Fn::If": ["Prod", 3600, 60]}}}}}';
    expect(find(json, "json", "t.json").unresolved).toEqual(['1:128 C: MaximumEventAgeInSeconds of "C" is set when the stack is deployed (Fn::If), not a number the file gives']);
  });

  it("look-alikes report nothing: functions without EventInvokeConfig, the words elsewhere", () => {
    expect(find("Resources:\n  Api:\n    Type: AWS::Serverless::Function\n    Properties: {Handler: a.handler}\n# EventInvokeConfig: later\n").policies).toEqual([]);
    expect(find("EventInvokeConfig:\n  MaximumRetryAttempts: 1\n").policies).toEqual([]);
  });
});

describe("Lambda EventInvokeConfig: keys CloudFormation and SAM do not define (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "template.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  it("a misspelt MaximumRetryAttempts, in a resource, a SAM function and the Globals (once, where it is written)", () => {
    expect(keys("Resources:\n  C:\n    Type: AWS::Lambda::EventInvokeConfig\n    Properties:\n      FunctionName: f\n      Qualifier: $LATEST\n      MaximumRetryAttemps: 0\n")).toEqual([
      '7:7: unknown key "MaximumRetryAttemps" in an AWS::Lambda::EventInvokeConfig; did you mean "MaximumRetryAttempts"? Lambda uses its default, 2 retries',
    ]);
    const sam = "Globals:\n  Function:\n    EventInvokeConfig:\n      MaximumEventAgeInSecond: 60\nResources:\n  A:\n    Type: AWS::Serverless::Function\n  B:\n    Type: AWS::Serverless::Function\n    Properties:\n      EventInvokeConfig:\n        MaximumRetryAttempt: 1\n";
    expect(keys(sam)).toEqual([
      '4:7: unknown key "MaximumEventAgeInSecond" in a SAM function\'s EventInvokeConfig; did you mean "MaximumEventAgeInSeconds"? Lambda keeps events for its default, 6 h',
      '12:9: unknown key "MaximumRetryAttempt" in a SAM function\'s EventInvokeConfig; did you mean "MaximumRetryAttempts"? Lambda uses its default, 2 retries',
    ]);
  });
  it("spelt right: nothing", () => {
    expect(keys("Resources:\n  F:\n    Type: AWS::Serverless::Function\n    Properties:\n      EventInvokeConfig:\n        MaximumRetryAttempts: 1\n        MaximumEventAgeInSeconds: 600\n        DestinationConfig: {OnFailure: {Type: SQS}}\n")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { find, problem, unreadable } from "../../support/recognise.js";
import { recogniseFile } from "../../../src/config/recognise.js";

describe("Step Functions (shapes/step-functions.ts)", () => {
  it("a wrong type names the key, the state and the place (MaxAttempts: \"three\")", () => {
    const asl = '{"StartAt": "A", "States": {"A": {"Type": "Task", "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": "three"}], "End": true}}}';
    expect(problem(asl, "json", "sfn.json")).toBe('sfn.json:1:108: MaxAttempts (state "A", Retry[0]) must be a whole number, got the string "three"');
  });
  it("refuses what the States Language refuses: BackoffRate below 1, an unknown JitterStrategy", () => {
    const retrier = (fields: string) => `StartAt: A\nStates:\n  A:\n    Type: Task\n    Retry:\n      - ErrorEquals: [States.ALL]\n        ${fields}\n    End: true\n`;
    expect(problem(retrier("BackoffRate: 0.5"))).toBe('f.yaml:7:22: BackoffRate (state "A", Retry[0]) must be at least 1.0, got 0.5');
    expect(problem(retrier("JitterStrategy: PARTIAL"))).toBe('f.yaml:7:25: JitterStrategy (state "A", Retry[0]) must be "FULL" or "NONE", got the string "PARTIAL"');
    expect(problem(retrier("IntervalSeconds: 1.5"))).toBe('f.yaml:7:26: IntervalSeconds (state "A", Retry[0]) must be a whole number, got 1.5');
  });
  it("a Serverless Framework file's state machine is found where it sits", () => {
    const text = "stepFunctions:\n  stateMachines:\n    orders:\n      definition:\n        StartAt: Pay\n        States:\n          Pay:\n            Type: Task\n            Retry:\n              - ErrorEquals: [States.ALL]\n                MaxAttempts: 2\n            End: true\n";
    expect(find(text).policies).toEqual([{ at: "10:17", system: "step-functions", name: "Pay", options: { attempts: "2" } }]);
  });
  it("CloudFormation: Fn::Sub variables written bare in a DefinitionString are set at deploy time; the rest is read", () => {
    const text = 'Resources:\n  M:\n    Type: AWS::StepFunctions::StateMachine\n    Properties:\n      DefinitionString: !Sub \'{"StartAt": "A", "States": {"A": {"Type": "Task", "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": ${Retries}}], "End": true}}}\'\n';
    // A single-quoted YAML string is not matched character for character: everything is placed at the string (5:30).
    expect(find(text)).toEqual({
      policies: [],
      unresolved: ['5:30 M/A: MaxAttempts (state "M/A", Retry[0]) is ${Retries}, set at deploy time (a substitution written bare), not a number the file gives'],
      skipped: null,
    });
  });
  it("a definition file written for SAM's DefinitionSubstitutions (${…} bare, JSON otherwise): its retriers are checked, the bare values set at deploy time", () => {
    const asl = [
      "{",
      '  "StartAt": "A",',
      '  "TimeoutSeconds": ${totalExecutionTimeout},',
      '  "States": {',
      '    "A": {',
      '      "Type": "Task",',
      '      "Resource": "${FnArn}",',
      '      "TimeoutSeconds": ${taskTimeout},',
      '      "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 2, "MaxAttempts": 4}],',
      '      "End": true',
      "    },",
      '    "B": {"Type": "Task", "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": ${Retries}}], "End": true}',
      "  }",
      "}",
      "",
    ].join("\n");
    // The timeouts set at deploy time give no deadline and no try time; the literal retrier is read (9:17), the other is unresolved at its value (12:84).
    expect(find(asl, "json", "statemachine.asl.json")).toEqual({
      policies: [{ at: "9:17", system: "step-functions", name: "A", options: { base: "2s", attempts: "4" } }],
      unresolved: ['12:84 B: MaxAttempts (state "B", Retry[0]) is ${Retries}, set at deploy time (a substitution written bare), not a number the file gives'],
      skipped: null,
    });
    // What is not JSON for another reason still fails the strict reading's way.
    expect(unreadable('{"StartAt": "A", "States": {}, "X": ${a} }}', "json", "m.json")?.problem).toBe("m.json:1:43: unexpected '}' after the end of the JSON value");
    expect(unreadable('{"StartAt": "A", "States": {}, "X": $ {a}}', "json", "m.json")?.problem).toBe("m.json:1:37: expected a JSON value, got '$'");
  });
  it("CloudFormation: a DefinitionString built with Fn::Join is not checked, and says why", () => {
    const text = '{"Resources": {"M": {"Type": "AWS::StepFunctions::StateMachine", "Properties": {"DefinitionString": {"Fn::Join": ["", ["{", "}"]]}}}}}';
    expect(find(text, "json", "t.json").unresolved).toEqual(["1:81 M: DefinitionString of M is built by Fn::Join; only a JSON string (or Fn::Sub of one) can be read"]);
  });
});

describe("Step Functions: keys a retrier or a state does not define (issue 36)", () => {
  const asl = (retrier: string, state = "") =>
    `{\n  "StartAt": "A",\n  "States": {\n    "A": {\n      "Type": "Task",${state}\n      "Retry": [{"ErrorEquals": ["States.ALL"], ${retrier}}],\n      "End": true\n    }\n  }\n}\n`;
  const keys = (text: string) => recogniseFile({ name: "sfn.asl.json", text, kind: "json", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  it("every key of a retrier that is not a retrier's, with the key meant and the default that applies instead", () => {
    expect(keys(asl('"MaxAtempts": 6'))).toEqual(['6:49: unknown key "MaxAtempts" in a Step Functions retrier; did you mean "MaxAttempts"? Step Functions uses its default, 3 retries']);
    expect(keys(asl('"intervalSeconds": 5, "Note": "x"'))).toEqual([
      '6:49: unknown key "intervalSeconds" in a Step Functions retrier; did you mean "IntervalSeconds"? the first wait is Step Functions\' default, 1 s',
      '6:71: unknown key "Note" in a Step Functions retrier; Step Functions does not define it',
    ]);
    expect(keys(asl('"MaxAttempts": 6, "IntervalSeconds": 2, "BackoffRate": 1.5, "MaxDelaySeconds": 9, "JitterStrategy": "FULL", "Comment": "c"'))).toEqual([]);
  });
  it("beside the retriers, Retry or TimeoutSeconds misspelt in the state", () => {
    expect(keys(asl('"MaxAttempts": 6', '\n      "TimeoutSecond": 30,'))).toEqual(['6:7: unknown key "TimeoutSecond" in a Step Functions state; did you mean "TimeoutSeconds"? the state\'s tries have no timeout']);
    expect(keys(asl('"MaxAttempts": 6', '\n      "TimeoutSeconds": 30, "ResultPath": null,'))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { find, problem } from "../../support/recognise.js";

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
  it("CloudFormation: a DefinitionString with Fn::Sub variables outside JSON strings is not checked, and says why", () => {
    const text = 'Resources:\n  M:\n    Type: AWS::StepFunctions::StateMachine\n    Properties:\n      DefinitionString: !Sub \'{"StartAt": "A", "States": {"A": {"Type": "Task", "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": ${Retries}}], "End": true}}}\'\n';
    expect(find(text)).toEqual({
      policies: [],
      unresolved: ["5:30 M: DefinitionString of M has Fn::Sub variables outside JSON strings, known only when deployed"],
      skipped: null,
    });
  });
  it("CloudFormation: a DefinitionString built with Fn::Join is not checked, and says why", () => {
    const text = '{"Resources": {"M": {"Type": "AWS::StepFunctions::StateMachine", "Properties": {"DefinitionString": {"Fn::Join": ["", ["{", "}"]]}}}}}';
    expect(find(text, "json", "t.json").unresolved).toEqual(["1:81 M: DefinitionString of M is built by Fn::Join; only a JSON string (or Fn::Sub of one) can be read"]);
  });
});

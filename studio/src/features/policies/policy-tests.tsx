import { Fragment, useState } from 'react';
import { runPolicyTests, type PolicyCase, type PolicyTestRun } from '@/lib/admin-api';
import { ErrorNote } from '@/components/ui';

type Run = { result?: PolicyTestRun; error?: string; running: boolean };

/** The project's policy test files, run as `gateway policies test` runs them: ✓/✗ per identity × table ×
 * operation, and for a failure what was expected and what came back. */
export function PolicyTests() {
  const [run, setRun] = useState<Run>({ running: false });
  const start = () => {
    setRun((previous) => ({ ...previous, running: true }));
    runPolicyTests().then(
      (result) => setRun({ result, running: false }),
      (error: Error) => setRun({ error: error.message, running: false }),
    );
  };
  return (
    <section aria-labelledby="policy-tests-heading">
      <h2 id="policy-tests-heading">Policy tests</h2>
      <div className="toolbar">
        <button type="button" className="primary" onClick={start} disabled={run.running}>
          {run.running ? 'Running…' : 'Run the policy test files'}
        </button>
        {run.result && (
          <span role="status" className={run.result.failed ? 'deny' : 'allow'}>
            {run.result.passed} passed, {run.result.failed} failed
          </span>
        )}
      </div>
      {run.error && <ErrorNote>{run.error}</ErrorNote>}
      {run.result?.files.map((file) => (
        <table key={file.file} className="grid matrix" aria-label={`Policy tests of ${file.file}`}>
          <caption>{file.file}</caption>
          <thead>
            <tr><th>Result</th><th>As</th><th>Operation</th><th>Table</th><th>Expected</th><th>Got</th></tr>
          </thead>
          <tbody>
            {file.cases.map((test) => (
              <Fragment key={test.line}>
                <tr className="case" title={test.rule}>
                  <td className={test.passed ? 'allow' : 'deny'}>{test.passed ? '✓' : '✗'}</td>
                  <td>{test.as}</td>
                  <td>{test.operation}</td>
                  <td>{test.target}</td>
                  <td>{test.expected}</td>
                  <td>{test.got}</td>
                </tr>
                {!test.passed && <Failure test={test} file={file.file} />}
              </Fragment>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}

function Failure({ test, file }: { test: PolicyCase; file: string }) {
  const cameBack = test.error
    ? `${test.error.code} ${test.error.message} (HTTP ${test.error.status})`
    : `${test.got}${test.rows?.length ? `: ${JSON.stringify(test.rows.slice(0, 3))}` : ''}`;
  return (
    <tr className="failure">
      <td colSpan={6}>
        <p>{file}:{test.line}: {test.rule}</p>
        <p>Request: <code>{test.request}</code></p>
        <p>Expected {test.expected}; came back {cameBack}</p>
        {test.problems.map((problem) => <p key={problem}>Mismatch: {problem}</p>)}
        {test.policies.length > 0 && <pre><code>{test.policies.join('\n')}</code></pre>}
      </td>
    </tr>
  );
}

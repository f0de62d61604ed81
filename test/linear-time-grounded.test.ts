// Linear time, for the operations that read a query, a response and a context (the units and the method:
// test/linear.ts). Apart from test/linear-time.test.ts so that the two cores run them side by side.
import { linearSuite, operationCalls } from './linear.js'

linearSuite(operationCalls((name) => /relevancy|completion|adherence|faithfulness|summarization|stability/.test(name)))

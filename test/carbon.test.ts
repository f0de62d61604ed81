import { beforeAll, describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

// Every expected figure below is the Cloud Carbon Footprint arithmetic written out with the constants
// of the CCF tables (cloud-carbon-footprint @ b7a049c7), not computed by Litmus:
//   operational = units × (min W + 0.5 × (max W − min W)) × hours / 1000 × PUE × grid kg CO2e/kWh
//   embodied    = platform t × 1000 × hours / 35040 × vCPUs / largest vCPUs in the family
// with hours = latency ms / 3,600,000.

type Expect = { operational_cpu: number; operational_gpu: number; embodied_cpu: number }
type Case = { name: string; request: Record<string, unknown> } & Expect

const cases: Case[] = [
  {
    name: 'AWS m5.xlarge in us-east-1, 1000 ms',
    request: { provider: 'aws', region: 'us-east-1', instance_type: 'm5.xlarge', latency: 1000 },
    // 4 vCPU Skylake 0.65–4.26 W; AWS PUE 1.135; us-east-1 (SERC) 0.379069 kg/kWh; m5 platform 1.6103792 t, m5 max 96 vCPU
    operational_cpu: 4 * (0.65 + 0.5 * (4.26 - 0.65)) * (1000 / 3_600_000) / 1000 * 1.135 * 0.379069,
    operational_gpu: 0,
    embodied_cpu: 1.6103792 * 1000 * (1000 / 3_600_000) / 35040 * (4 / 96)
  },
  {
    name: 'AWS p3.2xlarge (1 × V100) in us-west-2, 2500 ms',
    request: { provider: 'AWS', region: 'us-west-2', instance_type: 'p3.2xlarge', latency: 2500 },
    // 8 vCPU Broadwell 0.71–3.69 W; 1 × Tesla V100 35–306 W; us-west-2 (WECC) 0.322167; p3 3.5429488 t, max 64 vCPU
    operational_cpu: 8 * (0.71 + 0.5 * (3.69 - 0.71)) * (2500 / 3_600_000) / 1000 * 1.135 * 0.322167,
    operational_gpu: 1 * (35 + 0.5 * (306 - 35)) * (2500 / 3_600_000) / 1000 * 1.135 * 0.322167,
    embodied_cpu: 3.5429488 * 1000 * (2500 / 3_600_000) / 35040 * (8 / 64)
  },
  {
    name: 'Azure Standard_D4s_v3 in "East US", 1000 ms',
    request: { provider: 'azure', region: 'East US', instance_type: 'Standard_D4s_v3', latency: 1000 },
    // 4 vCPU, D-v3 group Cascade Lake|Skylake|Broadwell|Haswell averaged: min (0.64+0.65+0.71+1)/4, max (3.97+4.26+3.69+4.74)/4
    // Azure PUE 1.185; EastUS 0.379069; D2s–64s v3 platform 1.4829 t, max 64 vCPU
    operational_cpu:
      4 * ((0.64 + 0.65 + 0.71 + 1) / 4 + 0.5 * ((3.97 + 4.26 + 3.69 + 4.74) / 4 - (0.64 + 0.65 + 0.71 + 1) / 4)) *
      (1000 / 3_600_000) / 1000 * 1.185 * 0.379069,
    operational_gpu: 0,
    embodied_cpu: 1.4829 * 1000 * (1000 / 3_600_000) / 35040 * (4 / 64)
  },
  {
    name: 'Azure Standard_NC6s_v3 (1 × V100) in westeurope, 300 ms',
    request: { provider: 'Azure', region: 'westeurope', instance_type: 'Standard_NC6s_v3', latency: 300 },
    // 6 vCPU, processor unknown to CCF -> Azure fallback 0.74–3.54 W; V100 35–306 W; westeurope 0.3284; 2.3491 t, max 24 vCPU
    operational_cpu: 6 * (0.74 + 0.5 * (3.54 - 0.74)) * (300 / 3_600_000) / 1000 * 1.185 * 0.3284,
    operational_gpu: 1 * (35 + 0.5 * (306 - 35)) * (300 / 3_600_000) / 1000 * 1.185 * 0.3284,
    embodied_cpu: 2.3491 * 1000 * (300 / 3_600_000) / 35040 * (6 / 24)
  },
  {
    name: 'GCP n2-standard-4 in us-central1 (regional PUE), 1000 ms',
    request: { provider: 'gcp', region: 'us-central1', instance_type: 'n2-standard-4', latency: 1000 },
    // 4 vCPU Cascade Lake 0.64–3.97 W; GCP us-central1 PUE 1.11; grid 0.456; n2-standard 1.8879 t, max 128 vCPU
    operational_cpu: 4 * (0.64 + 0.5 * (3.97 - 0.64)) * (1000 / 3_600_000) / 1000 * 1.11 * 0.456,
    operational_gpu: 0,
    embodied_cpu: 1.8879 * 1000 * (1000 / 3_600_000) / 35040 * (4 / 128)
  },
  {
    name: 'GCP a2-highgpu-1g (1 × A100) in europe-west1, 1500 ms',
    request: { provider: 'Google Cloud', region: 'europe-west1', instance_type: 'a2-highgpu-1g', latency: 1500 },
    // 12 vCPU Cascade Lake; A100 46–407 W; europe-west1 PUE 1.09, grid 0.11; a2-highgpu 5.464 t, max 96 vCPU
    operational_cpu: 12 * (0.64 + 0.5 * (3.97 - 0.64)) * (1500 / 3_600_000) / 1000 * 1.09 * 0.11,
    operational_gpu: 1 * (46 + 0.5 * (407 - 46)) * (1500 / 3_600_000) / 1000 * 1.09 * 0.11,
    embodied_cpu: 5.464 * 1000 * (1500 / 3_600_000) / 35040 * (12 / 96)
  },
  {
    name: 'GCP e2-standard-4 in a zone (us-east4-c), GCP default PUE not used: us-east4 has 1.08',
    request: { provider: 'gcp', region: 'us-east4-c', instance_type: 'E2 Standard 4', latency: 42 },
    // 4 vCPU, e2 group Skylake|Broadwell|Haswell|EPYC 2nd Gen: min (0.65+0.71+1+0.47)/4, max (4.26+3.69+4.74+1.69)/4
    operational_cpu:
      4 * ((0.65 + 0.71 + 1 + 0.47) / 4 + 0.5 * ((4.26 + 3.69 + 4.74 + 1.69) / 4 - (0.65 + 0.71 + 1 + 0.47) / 4)) *
      (42 / 3_600_000) / 1000 * 1.08 * 0.309,
    operational_gpu: 0,
    embodied_cpu: 1.2303 * 1000 * (42 / 3_600_000) / 35040 * (4 / 32)
  }
]

const close = (actual: number, expected: number) => {
  if (expected === 0) return expect(actual).toBe(0)
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(1e-9)
}

let litmus: Awaited<ReturnType<typeof load>>
beforeAll(async () => {
  litmus = await load()
})

describe('carbon (v4)', () => {
  for (const c of cases) {
    it(c.name, () => {
      const out = litmus.carbon(c.request as any)
      const total = c.operational_cpu + c.operational_gpu + c.embodied_cpu
      expect(out.carbon.unit).toBe('kg_co2e')
      close(out.carbon.value, total)
      expect(out.components.map((x: any) => x.component)).toEqual(['operational_cpu', 'operational_gpu', 'embodied_cpu'])
      for (const comp of out.components) {
        expect(comp.carbon.unit).toBe('kg_co2e')
        close(comp.carbon.value, c[comp.component as keyof Expect])
      }
      expect(Object.keys(out).sort()).toEqual(['carbon', 'components'])
    })
  }

  it('echoes metadata and is the same through evaluate()', () => {
    const body = { ...cases[0].request, metadata: { run: 7 } }
    const out = litmus.evaluate('carbon', body)
    expect(out.metadata).toEqual({ run: 7 })
    expect(out.carbon).toEqual(litmus.carbon(cases[0].request as any).carbon)
  })

  // Names as providers and users write them reach the same row.
  const same: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['region case/underscores', { region: 'US_EAST_1' }, { region: 'us-east-1' }],
    ['availability zone', { region: 'us-east-1a' }, { region: 'us-east-1' }],
    ['instance spelling', { instance_type: 'M5 XLARGE' }, { instance_type: 'm5.xlarge' }]
  ]
  for (const [label, a, b] of same) {
    it(`normalises ${label}`, () => {
      const base = cases[0].request
      expect(litmus.carbon({ ...base, ...a } as any)).toEqual(litmus.carbon({ ...base, ...b } as any))
    })
  }
  it('Azure region display name, key and alias agree', () => {
    const base = cases[2].request
    const values = ['East US', 'eastus', 'EastUS', 'useast'].map((region) => litmus.carbon({ ...base, region } as any).carbon.value)
    expect(new Set(values).size).toBe(1)
  })
})

describe('carbon (v3)', () => {
  it('per query and 10,000 calls, with processor_name choosing the CPU watts', () => {
    const out = litmus.v3.carbon({
      processor_name: 'Intel Xeon (Skylake)',
      provider_name: 'gcp',
      provider_region: 'us-east4',
      instance_type: 'e2-standard-4',
      average_latency: 42
    })
    // as the e2 case above, but Skylake alone: 0.65–4.26 W
    const cpu = 4 * (0.65 + 0.5 * (4.26 - 0.65)) * (42 / 3_600_000) / 1000 * 1.08 * 0.309
    const embodied = 1.2303 * 1000 * (42 / 3_600_000) / 35040 * (4 / 32)
    close(out.carbon_estimate_per_query.value, cpu + embodied)
    close(out.total_project_carbon_estimate.value, (cpu + embodied) * 10_000)
    expect(out.total_project_carbon_estimate.unit).toBe('kg_co2e')
    close(out.components[0].carbon.value, cpu)
  })

  it('processor_name naming a GPU model sets the GPU watts', () => {
    const out = litmus.evaluate('v3.carbon', {
      processor_name: 'NVIDIA A100-SXM4-40GB',
      provider_name: 'aws',
      provider_region: 'us-east-1',
      instance_type: 'p3.2xlarge',
      average_latency: 1000
    })
    // p3.2xlarge with its V100 replaced by an A100 (46–407 W)
    close(out.components[1].carbon.value, 1 * (46 + 0.5 * (407 - 46)) * (1000 / 3_600_000) / 1000 * 1.135 * 0.379069)
  })

  it('explainCarbon shows the constants', () => {
    const e = litmus.explainCarbon(cases[0].request as any)
    expect(e).toMatchObject({ pue: 1.135, grid_kg_co2e_per_kwh: 0.379069, instance_type: 'm5.xlarge', region: 'us-east-1' })
    expect(e.cpu).toMatchObject({ vcpus: 4, min_watts_per_vcpu: 0.65, max_watts_per_vcpu: 4.26 })
    expect(e.source.licence).toBe('Apache-2.0')
    expect(e.source.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('carbon errors', () => {
  const v4 = cases[0].request
  const bad: [string, () => unknown, typeof InvalidArgumentError, string, RegExp?][] = [
    ['unknown region', () => litmus.carbon({ ...v4, region: 'us-east-9' } as any), InvalidArgumentError, 'region', /us-east-1/],
    ['unknown instance', () => litmus.carbon({ ...v4, instance_type: 'm5.xlarg' } as any), InvalidArgumentError, 'instance_type', /m5\.xlarge/],
    ['unknown provider', () => litmus.carbon({ ...v4, provider: 'ibm' } as any), InvalidArgumentError, 'provider', /aws, gcp, azure/],
    ['zero latency', () => litmus.carbon({ ...v4, latency: 0 } as any), InvalidArgumentError, 'latency'],
    ['latency as string', () => litmus.carbon({ ...v4, latency: '1000' } as any), InvalidArgumentError, 'latency'],
    ['missing region', () => litmus.carbon({ provider: 'aws', instance_type: 'm5.xlarge', latency: 1 } as any), MissingArgumentError, 'region'],
    ['Azure region on AWS', () => litmus.carbon({ ...v4, region: 'eastus' } as any), InvalidArgumentError, 'region'],
    [
      'unknown processor',
      () =>
        litmus.v3.carbon({ processor_name: 'Pentium', provider_name: 'gcp', provider_region: 'us-central1', instance_type: 'n2-standard-4', average_latency: 5 }),
      InvalidArgumentError,
      'processor_name',
      /Skylake|Haswell/
    ],
    [
      'GPU named for a CPU-only instance',
      () =>
        litmus.v3.carbon({ processor_name: 'T4', provider_name: 'gcp', provider_region: 'us-central1', instance_type: 'n2-standard-4', average_latency: 5 }),
      InvalidArgumentError,
      'processor_name',
      /no GPU/
    ],
    [
      'v3 region error names the v3 field',
      () =>
        litmus.v3.carbon({ processor_name: 'Skylake', provider_name: 'aws', provider_region: 'mars-1', instance_type: 'm5.xlarge', average_latency: 5 }),
      InvalidArgumentError,
      'provider_region'
    ]
  ]
  for (const [name, run, Err, field, hint] of bad) {
    it(name, () => {
      const error = expectIssue(run, Err, field)
      if (hint) expect(error.message).toMatch(hint)
    })
  }
})

describe('carbon edge cases', () => {
  it('a SageMaker ml. instance is its EC2 hardware', () => {
    const r = { provider: 'aws', region: 'us-east-1', latency: 10 }
    expect(litmus.carbon({ ...r, instance_type: 'ml.g5.xlarge' })).toEqual(litmus.carbon({ ...r, instance_type: 'g5.xlarge' }))
  })
  it('the largest latency gives finite figures or an InvalidArgumentError, never Infinity', () => {
    const body = { processor_name: 'A100', provider_name: 'aws', provider_region: 'ap-south-1', instance_type: 'p4d.24xlarge', average_latency: Number.MAX_VALUE }
    let out: any
    try {
      out = litmus.v3.carbon(body)
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidArgumentError)
      return
    }
    expect(Number.isFinite(out.total_project_carbon_estimate.value)).toBe(true)
  })
})

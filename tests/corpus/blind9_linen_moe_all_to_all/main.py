import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from moe import EXPERT_AXIS, ExpertParallelFFN

N_EXPERTS = 8
mesh = Mesh(np.array(jax.devices()), (EXPERT_AXIS,))

model = ExpertParallelFFN(num_experts=N_EXPERTS, capacity=4, d_ff=64)
params = model.init(jax.random.key(0), jnp.ones((16, 32)))['params']
specs = {'gate': P(), 'wi': P(EXPERT_AXIS), 'wo': P(EXPERT_AXIS)}


def loss(params, x):
  return jnp.mean(model.apply({'params': params}, x) ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(specs, P(EXPERT_AXIS)),
                   out_specs=(P(), specs))
def grad_step(params, x):
  l, g = jax.value_and_grad(loss)(params, x)
  g = dict(g, gate=jax.lax.pmean(g['gate'], EXPERT_AXIS))
  return jax.lax.pmean(l, EXPERT_AXIS), g


if __name__ == '__main__':
  grad_step.trace(params, jnp.ones((64, 32))).lower(lowering_platforms=('cuda',))

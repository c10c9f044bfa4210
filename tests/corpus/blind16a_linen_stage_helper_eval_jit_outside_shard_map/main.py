import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pp.comm import STAGE_AXIS
from pp.model import PipelinedMLP

N_STAGES = 4
D = 64

mesh = Mesh(np.array(jax.devices()[:N_STAGES]), (STAGE_AXIS,))
model = PipelinedMLP(features=D, n_stages=N_STAGES)


def train_forward(params, x):
  out = model.apply(params, x)
  return jax.lax.psum(out, STAGE_AXIS)


train_step = jax.jit(jax.shard_map(train_forward, mesh=mesh, in_specs=(P(), P()),
                                   out_specs=P(), check_vma=False))


@jax.jit
def evaluate(params, x, y):
  # quick eval on the host: "no need for the pipeline here"
  pred = model.apply(params, x)
  return jnp.mean((pred - y) ** 2)


if __name__ == '__main__':
  x = jnp.ones((16, D))
  init = jax.shard_map(lambda x: model.init(jax.random.key(0), x), mesh=mesh,
                       in_specs=P(), out_specs=P(), check_vma=False)
  params = jax.eval_shape(init, x)
  train_step.trace(params, x).lower(lowering_platforms=('cuda',))
  evaluate.trace(params, x, x).lower(lowering_platforms=('cuda',))

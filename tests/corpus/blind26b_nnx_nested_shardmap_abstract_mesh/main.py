import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from parallel.mesh import MESH
from parallel.tp import TPMLP


@nnx.jit
@nnx.shard_map(mesh=MESH, in_specs=(P(), P('data')), out_specs=P(),
               axis_names={'data'})
def eval_step(model, x):
  loss = jnp.mean((model(x) - x) ** 2)
  return jax.lax.pmean(loss, 'data')


model = TPMLP(16, 64, nnx.Rngs(0))
x = jnp.ones((8, 16))
eval_step.trace(model, x).lower(lowering_platforms=('cuda',))
print('ok')

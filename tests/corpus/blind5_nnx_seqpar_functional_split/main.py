import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from sp import SequenceParallelMLP, state_specs

mesh = Mesh(jax.devices(), ('tp',))
with jax.set_mesh(mesh):
  model = SequenceParallelMLP(16, 64, axis='tp', rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)


def forward(state, x):
  layer = nnx.merge(graphdef, state)
  return layer(x)


forward = jax.shard_map(forward, mesh=mesh,
                        in_specs=(state_specs(state), P(None, 'tp', None)),
                        out_specs=P(None, 'tp', None))
forward = jax.jit(forward)

x = jnp.ones((2, 8, 16))
print(forward.trace(state, x).lower(lowering_platforms=('cuda',)).as_text()[:200])

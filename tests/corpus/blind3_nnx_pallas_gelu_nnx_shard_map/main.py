import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from mlp import FusedMLP

mesh = Mesh(jax.devices(), ('data',))
model = FusedMLP(128, 256, rngs=nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'), check_vma=False)
def forward(model, x):
  return model(x)


x = jnp.ones((64, 128), jnp.float32)
forward.trace(model, x).lower(lowering_platforms=('tpu',))

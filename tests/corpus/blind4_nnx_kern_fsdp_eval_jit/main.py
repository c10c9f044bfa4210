import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import FSDPMLP

AXIS = 'fsdp'
mesh = Mesh(jax.devices(), (AXIS,))
n = mesh.shape[AXIS]

model = FSDPMLP(256, 512, axis_name=AXIS, num_shards=n, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  # Mosaic kernels with remote DMAs need manual sharding; the replication checker does not
  # understand pallas_call, hence check_vma=False.
  return nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(AXIS), P(AXIS)),
                       out_specs=P(AXIS), check_vma=False)(model, x)


x = jnp.ones((32, 256))
forward.trace(model, x).lower(lowering_platforms=('tpu',))

# Eval: the batch is small, so run the model as a single jitted program (GSPMD picks layouts).
eval_forward = nnx.jit(lambda model, x: model(x))
eval_forward.trace(model, jnp.ones((4, 256))).lower(lowering_platforms=('tpu',))

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import TPBlock
import parallel

mesh = jax.sharding.Mesh(jax.devices(), ('model',))

model = TPBlock(64, 512, 10, rngs=nnx.Rngs(0))


@nnx.shard_map(mesh=mesh,
               in_specs=(parallel.mlp_state_sharding('model'), P(), P()),
               out_specs=P())
def eval_loss(model, x, labels):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


eval_step = nnx.jit(eval_loss)
x = jax.ShapeDtypeStruct((32, 64), jnp.float32)
labels = jax.ShapeDtypeStruct((32,), jnp.int32)
eval_step.trace(model, x, labels).lower(lowering_platforms=('tpu',))

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import TPClassifier
from parallel.collectives import TP

NUM_CLASSES = 10
LOGITS_SPEC = P()

mesh = jax.make_mesh((4,), (TP,))

with jax.set_mesh(mesh):
  model = TPClassifier(128, 1024, NUM_CLASSES,
                       rngs=nnx.Rngs(params=0, dropout=1))

model_specs = nnx.StateSharding(nnx.get_partition_spec(nnx.state(model)))


@nnx.shard_map(mesh=mesh, in_specs=(model_specs, P()), out_specs=LOGITS_SPEC)
def forward(model, x):
  return model(x)


@nnx.jit
def eval_step(model, x, labels):
  logits = forward(model, x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


with jax.set_mesh(mesh):
  x = jax.ShapeDtypeStruct((32, 128), jnp.float32)
  labels = jax.ShapeDtypeStruct((32,), jnp.int32)
  eval_step.trace(model, x, labels).lower(lowering_platforms=('tpu',))

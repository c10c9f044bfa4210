"""Data-parallel inference with nnx.shard_map: the model is replicated and the batch split, but
the in_specs name only one of the two arguments."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.local_devices(), ('data',))


class Classifier(nnx.Module):
  def __init__(self, din, nclass, *, rngs: nnx.Rngs):
    self.hidden = nnx.Linear(din, 128, rngs=rngs)
    self.head = nnx.Linear(128, nclass, rngs=rngs)

  def __call__(self, x):
    return self.head(nnx.gelu(self.hidden(x)))


@nnx.jit
def predict(model, images):
  logits = nnx.shard_map(
      lambda m, x: m(x), mesh=mesh, in_specs=(P('data'),), out_specs=P('data')
  )(model, images)
  return jnp.argmax(logits, axis=-1)


model = Classifier(784, 10, rngs=nnx.Rngs(0))
images = jnp.zeros((64, 784))
predict.trace(model, images).lower(lowering_platforms=("cuda",))

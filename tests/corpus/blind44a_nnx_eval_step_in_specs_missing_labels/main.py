import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.linear2(self.dropout(nnx.relu(self.linear1(x))))


mesh = Mesh(jax.devices(), ('data',))


@nnx.jit
def eval_step(model, images, labels):
  def per_shard(model, images, labels):
    logits = model(images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    correct = jnp.sum(jnp.argmax(logits, -1) == labels)
    return jax.lax.pmean(loss, 'data'), jax.lax.psum(correct, 'data')

  return nnx.shard_map(
      per_shard, mesh=mesh, in_specs=(P(), P('data')), out_specs=(P(), P())
  )(model, images, labels)


model = MLP(784, 256, 10, rngs=nnx.Rngs(0))
model.eval()
images = jnp.ones((64, 784))
labels = jnp.zeros((64,), jnp.int32)
print(eval_step.trace(model, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class Classifier(nnx.Module):

  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.body = nnx.Linear(din, 128, rngs=rngs)
    self.norm = nnx.LayerNorm(128, rngs=rngs)
    self.head = nnx.Linear(128, dout, rngs=rngs)

  def __call__(self, x):
    return self.head(nnx.gelu(self.norm(self.body(x))))

  def metrics(self, x, y):
    logits = self(x)
    loss = -jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1).mean()
    correct = jnp.sum(jnp.argmax(logits, -1) == y)
    return {'loss': jax.lax.pmean(loss, 'data'),
            'correct': jax.lax.psum(correct, 'data')}


mesh = jax.make_mesh((4,), ('data',))


@nnx.jit
def evaluate(model, x, y):
  sharded = nnx.shard_map(lambda m, x, y: m.metrics(x, y), mesh=mesh,
                          in_specs=(P(), P('data'), P('data')),
                          out_specs={'loss': P(), 'correct': P()})
  return sharded(model, x, y)


model = Classifier(32, 10, rngs=nnx.Rngs(0))
data = NamedSharding(mesh, P('data'))
x = jax.device_put(jnp.ones((64, 32)), data)
y = jax.device_put(jnp.zeros((64,), jnp.int32), data)
evaluate.trace(model, x, y).lower(lowering_platforms=('cuda',))

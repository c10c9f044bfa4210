import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from nets.mixer import Classifier

mesh = jax.make_mesh((2, 2), ('data', 'model'))


@nnx.jit
def train_step(model, opt, x, labels):
  def loss_fn(m):
    logits = m(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  opt.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  model = Classifier(seq=8, dim=32, hidden=64, ncls=10, rngs=nnx.Rngs(0))
  opt = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  rngs = nnx.Rngs(data=3)
  x = jax.sharding.reshard(rngs.data.normal((16, 8, 32)), P('data'))
  labels = jax.sharding.reshard(jax.numpy.arange(16) % 10, P('data'))
  traced = train_step.trace(model, opt, x, labels)
  print(traced.lower(lowering_platforms=('cuda',)).as_text()[:40])

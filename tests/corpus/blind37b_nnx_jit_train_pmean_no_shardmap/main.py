import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class CNN(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
    self.avg_pool = lambda x: nnx.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    self.linear1 = nnx.Linear(8 * 14 * 14, 10, rngs=rngs)

  def __call__(self, x):
    x = self.avg_pool(nnx.relu(self.conv1(x)))
    x = x.reshape(x.shape[0], -1)
    return self.linear1(x)


def loss_fn(model, batch):
  logits = model(batch['image'])
  loss = optax.softmax_cross_entropy_with_integer_labels(
      logits=logits, labels=batch['label']).mean()
  return loss, logits


@nnx.jit
def train_step(model, optimizer, metrics, batch):
  grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(model, batch)
  grads = jax.lax.pmean(grads, axis_name='batch')
  metrics.update(loss=loss, logits=logits, labels=batch['label'])
  optimizer.update(model, grads)


model = CNN(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(5e-3, 0.9), wrt=nnx.Param)
metrics = nnx.MultiMetric(
    accuracy=nnx.metrics.Accuracy(),
    loss=nnx.metrics.Average('loss'),
)

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))
sharding = NamedSharding(mesh, P('batch'))
batch = {
    'image': jax.device_put(jnp.zeros((32, 28, 28, 1)), sharding),
    'label': jax.device_put(jnp.zeros((32,), jnp.int32), sharding),
}
lowered = train_step.trace(model, optimizer, metrics, batch).lower(
    lowering_platforms=('cuda',))
print(type(lowered).__name__)

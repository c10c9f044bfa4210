from flax import nnx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
import optax

init = nnx.initializers.xavier_uniform()


class DotReluDot(nnx.Module):
  def __init__(self, depth: int, *, rngs: nnx.Rngs):
    self.dot1 = nnx.Linear(depth, depth,
                           kernel_init=nnx.with_partitioning(init, (None, 'model')),
                           use_bias=False, rngs=rngs)
    self.w2 = nnx.Param(nnx.with_partitioning(init, ('model', None))(rngs.params(),
                                                                      (depth, depth)))

  def __call__(self, x):
    y = nnx.relu(self.dot1(x))
    y = jax.lax.with_sharding_constraint(y, jax.sharding.PartitionSpec('data', 'model'))
    return jnp.dot(y, self.w2[...])


class Classifier(nnx.Module):
  def __init__(self, depth: int, num_classes: int, *, rngs: nnx.Rngs):
    self.block1 = DotReluDot(depth, rngs=rngs)
    self.block2 = DotReluDot(depth, rngs=rngs)
    self.head = nnx.Linear(depth, num_classes, rngs=rngs)

  def __call__(self, x):
    return self.head(self.block2(self.block1(x)))


mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


@nnx.jit
def create_sharded_model():
  model = Classifier(256, 10, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  nnx.update(model, jax.lax.with_sharding_constraint(state, pspecs))
  return model


def compute_metrics(logits, labels):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  accuracy = (logits.argmax(-1) == labels).mean()
  return {'loss': loss, 'accuracy': accuracy}


@nnx.jit
def train_step(model, optimizer, x, labels):
  def loss_fn(model):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean(), logits

  (_, logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model)
  optimizer.update(model, grads)
  return compute_metrics(logits, labels)


with jax.set_mesh(mesh):
  model = create_sharded_model()
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  data_sharding = NamedSharding(mesh, P('data'))
  x = jax.device_put(jnp.ones((64, 256)), data_sharding)
  labels = jax.device_put(jnp.zeros((64,), jnp.int32), data_sharding)
  train_step.trace(model, optimizer, x, labels).lower(lowering_platforms=('cuda',))

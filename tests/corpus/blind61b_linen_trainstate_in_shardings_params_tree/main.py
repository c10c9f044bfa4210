import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training.train_state import TrainState
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from classifier import Classifier

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ("data", "model"))
data_sharding = NamedSharding(mesh, P("data"))
model = Classifier(hidden=1024, num_classes=10)


def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


def main():
  images = jax.ShapeDtypeStruct((64, 784), jnp.float32, sharding=data_sharding)
  labels = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=data_sharding)
  abstract = jax.eval_shape(model.init, jax.random.key(0), images)
  param_sharding = nn.get_sharding(abstract["params"], mesh)

  state = jax.eval_shape(
      lambda p: TrainState.create(apply_fn=model.apply, params=p, tx=optax.sgd(0.1)),
      abstract["params"])
  step = jax.jit(train_step,
                 in_shardings=(param_sharding, data_sharding, data_sharding),
                 out_shardings=(param_sharding, NamedSharding(mesh, P())))
  step.trace(state, images, labels).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

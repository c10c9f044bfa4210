import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from sharding_config import LOGICAL_RULES
from vit import ViTEncoder


@nnx.jit
def train_step(model, optimizer, images, labels):
  def loss_fn(model):
    return optax.softmax_cross_entropy_with_integer_labels(model(images), labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
  with nnx.logical_axis_rules(LOGICAL_RULES):
    graphdef, abstract_state = nnx.get_abstract_model(lambda: ViTEncoder(rngs=nnx.Rngs(0)), mesh)
    shardings = nnx.get_named_sharding(abstract_state, mesh)

    @jax.jit
    def init_state():
      _, state = nnx.split(ViTEncoder(rngs=nnx.Rngs(0)))
      return jax.lax.with_sharding_constraint(state, shardings)

    with jax.set_mesh(mesh):
      model = nnx.merge(graphdef, init_state())
      optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
      batch = NamedSharding(mesh, P('data'))
      images = jax.device_put(jnp.ones((8, 32, 32, 3)), batch)
      labels = jax.device_put(jnp.zeros((8,), jnp.int32), batch)
      train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()

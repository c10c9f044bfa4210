import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import TinyLM
from shardings import TRAIN_MESH_AXES


@nnx.jit(donate_argnums=(0, 1))
def train_step(model, optimizer, tokens):

  def loss_fn(model):
    logits = model(tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = jax.make_mesh((2, 2), TRAIN_MESH_AXES, axis_types=(AxisType.Auto,) * 2)
  model = TinyLM(512, 128, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  tokens = jax.ShapeDtypeStruct((8, 33), jnp.int32, sharding=NamedSharding(mesh, P('data')))
  with jax.set_mesh(mesh):
    train_step.trace(model, optimizer, tokens).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from lm import TinyDecoder
from lm.layers import LOGICAL_RULES

VOCAB, D_MODEL, D_FF, LAYERS = 1024, 256, 1024, 2


@nnx.jit(donate_argnums=(0, 1))
def train_step(model, optimizer, tokens):
  def loss_fn(m):
    logits = m(tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
  with jax.set_mesh(mesh):
    model = TinyDecoder(VOCAB, D_MODEL, D_FF, LAYERS, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

  tokens = jax.ShapeDtypeStruct((8, 65), jnp.int32, sharding=NamedSharding(mesh, P("data")))
  with jax.set_mesh(mesh), nnx.logical_axis_rules(LOGICAL_RULES):
    train_step.trace(model, optimizer, tokens).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

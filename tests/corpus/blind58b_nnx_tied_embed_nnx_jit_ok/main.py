import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import TiedLM

LR = 1e-2


@nnx.jit
def sgd_step(model, tokens):
  def loss_fn(model):
    logits = model(tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  params = nnx.state(model, nnx.Param)
  nnx.update(model, jax.tree.map(lambda p, g: p - LR * g, params, grads))
  return loss


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
  with jax.set_mesh(mesh):
    model = nnx.eval_shape(lambda: TiedLM(rngs=nnx.Rngs(0)))
    specs = nnx.get_partition_spec(nnx.state(model, nnx.Param))
    print(specs["embed"]["embedding"])
    tokens = jax.ShapeDtypeStruct((16, 513), jnp.int32, sharding=NamedSharding(mesh, P("data")))
    lowered = sgd_step.trace(model, tokens).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()

"""Expert-parallel MoE LM: one nnx.jit train step, experts exchanged with all_to_all."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from moe.config import CONFIG
from moe.layers import MoELM


@nnx.jit
def train_step(model, optimizer, tokens):
  def loss_fn(model):
    logits = model(tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main(cfg=CONFIG):
  mesh = jax.make_mesh(cfg['mesh']['shape'], cfg['mesh']['axes'],
                       axis_types=(AxisType.Auto,) * len(cfg['mesh']['axes']))
  model = MoELM(cfg, rngs=nnx.Rngs(params=0))
  optimizer = nnx.Optimizer(model, optax.adamw(cfg['optim']['lr']), wrt=nnx.Param)
  tokens = jnp.zeros((2, 17), jnp.int32)
  with jax.set_mesh(mesh):
    train_step.trace(model, optimizer, tokens).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()

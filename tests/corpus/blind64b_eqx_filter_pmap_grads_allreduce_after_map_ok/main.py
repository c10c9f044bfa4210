import equinox as eqx
import jax
import jax.numpy as jnp

from model import Classifier
from train import optim, train_step


def main():
  model = Classifier(jax.random.PRNGKey(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition(model, eqx.is_array)

  def step(params, opt_state, x, y):
    model, new_opt_state, loss = train_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(model, eqx.is_array), new_opt_state, loss

  x = jax.ShapeDtypeStruct((64, 784), jnp.float32)
  y = jax.ShapeDtypeStruct((64,), jnp.int32)
  jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model import MLP
from parallel import tensor_parallel, last_dim_specs


def main():
  model = MLP([64, 256, 256, 32], key=jax.random.PRNGKey(0), axis_name="tensor")
  params, static = eqx.partition(model, eqx.is_array)

  @tensor_parallel(in_specs=(last_dim_specs(params), P("data", None)),
                   out_specs=P("data", None))
  def forward(params, x):
    model = eqx.combine(params, static)
    return model(x)

  def loss(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)

  def step(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, g)
    return params, l

  x = jnp.zeros((16, 64))
  y = jnp.zeros((16, 32))
  jax.jit(step).trace(params, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import make_ensemble
from train import optimizer, train_step


def main():
  keys = jax.random.split(jax.random.PRNGKey(0), 4)
  ensemble = make_ensemble(keys)
  opt_state = optimizer.init(eqx.filter(ensemble, eqx.is_array))
  params, static = eqx.partition(ensemble, eqx.is_array)

  def step(params, opt_state, x, y):
    ensemble, opt_state, loss = train_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(ensemble, eqx.is_array), opt_state, loss

  mesh = Mesh(np.array(jax.devices()), ("batch",))
  batch = NamedSharding(mesh, P("batch"))
  x = jax.device_put(jnp.zeros((32, 16)), batch)
  y = jax.device_put(jnp.zeros((32, 4)), batch)
  jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()

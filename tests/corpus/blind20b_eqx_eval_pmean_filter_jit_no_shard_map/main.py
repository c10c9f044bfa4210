import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Classifier
from steps import evaluate, make_train_step


def main():
  mesh = Mesh(jax.devices(), ("data",))
  model = Classifier(32, 128, 10, jax.random.key(1))
  optim = optax.sgd(0.1, momentum=0.9)
  opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
  train_step = make_train_step(optim, mesh)

  sharding = NamedSharding(mesh, P("data"))
  x = jax.device_put(jnp.zeros((64, 32)), sharding)
  y = jax.device_put(jnp.zeros((64,), jnp.int32), sharding)

  params, static = eqx.partition(model, eqx.is_inexact_array)
  jax.jit(lambda p, o, x, y: train_step(eqx.combine(p, static), o, x, y)[1:]).trace(
      params, opt_state, x, y).lower(lowering_platforms=("cuda",))
  jax.jit(lambda p, x, y: evaluate(eqx.combine(p, static), x, y)).trace(
      params, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()

import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from zero.config import load_config
from zero.sharded_opt import num_shards, sharded_sgd_update


class Net(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Dense(37)(x))
    return nn.Dense(3)(x)


def main():
  cfg = load_config()
  names, sizes = zip(*cfg["mesh"].items())
  mesh = Mesh(np.asarray(jax.devices()).reshape(sizes), names)
  axes = cfg["grad_reduce_axes"]
  n = num_shards(mesh, axes)
  model = Net()
  x = jnp.zeros((cfg["batch_size"], 11))
  y = jnp.zeros((cfg["batch_size"], 3))
  params = model.init(jax.random.PRNGKey(0), x[:1])["params"]

  def step(params, x, y):
    loss, grads = jax.value_and_grad(
        lambda p: jnp.mean((model.apply({"params": p}, x) - y) ** 2))(params)
    params = sharded_sgd_update(params, grads, cfg["lr"], axes, n)
    return params, lax_pmean(loss, axes)

  lax_pmean = jax.lax.pmean
  step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(tuple(axes)), P(tuple(axes))),
                       out_specs=(P(), P()), check_vma=False)
  lowered = jax.jit(step).trace(params, x, y).lower(lowering_platforms=("cuda",))
  print("reduce-scatter" in lowered.as_text() or "reduce_scatter" in lowered.as_text())


if __name__ == "__main__":
  main()

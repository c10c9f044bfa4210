import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from sharding_rules import mlp_tp_specs


def tp_forward(params, x):
  """Local shard of a 2-layer MLP: x [batch, d] replicated over `model`."""
  up, down = params.layers
  h = jax.nn.gelu(x @ up.weight.T + up.bias)
  y = jax.lax.psum(h @ down.weight.T, "model")
  return y + down.bias


def make_forward(mesh, param_specs):
  fwd = jax.shard_map(tp_forward, mesh=mesh,
                      in_specs=(param_specs, P("data", None)),
                      out_specs=P("data", None))
  return jax.jit(fwd)


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"))
  model = eqx.nn.MLP(512, 512, 2048, depth=1, key=jax.random.key(0))
  params, _ = eqx.partition(model, eqx.is_inexact_array)
  specs = mlp_tp_specs()
  x = jax.device_put(jnp.ones((32, 512)), NamedSharding(mesh, P("data", None)))
  make_forward(mesh, specs).trace(params, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map as smap

from mesh_def import make_mesh
from mlp import init_mlp, mlp_block
from sharding_rules import ACT_SPEC, PARAM_SPECS


def main():
  mesh = make_mesh()
  params = init_mlp(jax.random.PRNGKey(0))
  fwd = smap(mlp_block, mesh=mesh, in_specs=(PARAM_SPECS, ACT_SPEC), out_specs=ACT_SPEC)
  fwd = jax.jit(fwd)
  x = jax.ShapeDtypeStruct((32, 128), jnp.float32)
  fwd.trace(params, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()

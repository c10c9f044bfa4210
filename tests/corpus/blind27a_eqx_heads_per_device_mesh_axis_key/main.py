import equinox as eqx
import jax
import jax.numpy as jnp

from edl.config import ModelConfig
from edl.mesh import create_mesh
from edl.attention import MHA


def main():
  cfg = ModelConfig()
  mesh = create_mesh(cfg.sharding)
  attn = MHA(cfg, mesh, jax.random.key(0))
  params, static = eqx.partition(attn, eqx.is_array)
  fwd = jax.jit(lambda p, x: eqx.combine(p, static)(x))
  lowered = fwd.trace(params, jnp.ones((16, cfg.hidden))).lower(lowering_platforms=("cuda",))
  print("ok", bool(lowered.as_text()))


if __name__ == "__main__":
  main()

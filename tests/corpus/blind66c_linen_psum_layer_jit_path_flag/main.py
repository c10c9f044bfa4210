import argparse
import functools

import jax
import jax.numpy as jnp

from config import Config
from layers import ShardedSelfAttention
import sharding


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--use_shard_map", action="store_true",
                      help="run the step under shard_map instead of GSPMD")
  parser.add_argument("--global_batch", type=int, default=Config.global_batch)
  args = parser.parse_args()

  cfg = Config(global_batch=args.global_batch)
  mesh = sharding.make_mesh(cfg)
  tp = mesh.shape[cfg.tp_axis]

  # full-size module for init; shard-local module for the step
  full = ShardedSelfAttention(cfg.d_model, cfg.num_heads, cfg.head_dim)
  x = jax.ShapeDtypeStruct((cfg.global_batch, cfg.seq_len, cfg.d_model), jnp.float32)
  params = jax.eval_shape(lambda k, x: full.init(k, x)["params"], jax.random.PRNGKey(0), x)

  pspecs = sharding.attention_param_specs(cfg)
  dspec = sharding.data_spec(cfg)

  if args.use_shard_map:
    attn = ShardedSelfAttention(cfg.d_model, cfg.num_heads // tp, cfg.head_dim, tp_axis=cfg.tp_axis)
    local_fwd = functools.partial(attn.apply, method="encode")
    sharded_fwd = jax.shard_map(lambda p, x: local_fwd({"params": p}, x), mesh=mesh,
                                in_specs=(pspecs, dspec), out_specs=dspec)
    step = jax.jit(sharded_fwd)
  else:
    attn = ShardedSelfAttention(cfg.d_model, cfg.num_heads, cfg.head_dim, tp_axis=cfg.tp_axis)
    fwd = functools.partial(attn.apply, method="encode")
    step = jax.jit(lambda p, x: fwd({"params": p}, x),
                   in_shardings=(sharding.named(mesh, pspecs), sharding.named(mesh, dspec)),
                   out_shardings=sharding.named(mesh, dspec))

  step.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()

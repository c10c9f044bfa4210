import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from gpipe.config import PipelineConfig
from gpipe.schedule import gpipe_forward

mesh = Mesh(np.array(jax.devices()), ('stage',))
cfg = PipelineConfig(num_stages=mesh.shape['stage'], num_microbatches=8)


def mlp_stage(w, h):
  return jax.nn.gelu(h @ w)


def forward(ws, xs):
  ys = gpipe_forward(cfg, mlp_stage, ws[0], xs)
  return ys[None]


fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P('stage'), P()),
                            out_specs=P('stage'), check_vma=False))

ws = jnp.ones((cfg.num_stages, 128, 128))
xs = jnp.ones((cfg.num_microbatches, 4, 128))
fwd.trace(ws, xs).lower(lowering_platforms=('cuda',))

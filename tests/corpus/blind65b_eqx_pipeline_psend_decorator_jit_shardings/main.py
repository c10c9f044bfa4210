import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from config import PipeConfig
from model import make_stages
from train import make_pipeline_step

cfg = PipeConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.pp_axis,))

stages = make_stages(cfg, jax.random.key(0))
params, static = eqx.partition(stages, eqx.is_array)
step = make_pipeline_step(static, cfg, mesh)

x = jax.ShapeDtypeStruct((cfg.num_stages * cfg.microbatch, cfg.d_model), jnp.float32)
jax.jit(step).trace(params, x).lower(lowering_platforms=("cuda",))

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from config import NetConfig
from nets import build_model
from train import make_loss

cfg = NetConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.data_axis,))

model = build_model(cfg, jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
loss_and_grad = make_loss(static, cfg, mesh, params)

x = jax.ShapeDtypeStruct((64, cfg.in_dim), jnp.float32)
y = jax.ShapeDtypeStruct((64, cfg.out_dim), jnp.float32)
loss_and_grad.trace(params, x, y).lower(lowering_platforms=("cuda",))

import functools

import jax
import jax.numpy as jnp
import optax

from model import RingLinearAttention
from train import make_train_step

cfg = {"ring_axis": "ring", "d_model": 128, "seq_len": 1024, "batch": 2}

mesh = jax.make_mesh((len(jax.devices()),), (cfg["ring_axis"],))
model = RingLinearAttention(cfg["d_model"], ring_size=mesh.shape[cfg["ring_axis"]],
                            ring_axis=cfg["ring_axis"])

x = jax.ShapeDtypeStruct((cfg["batch"], cfg["seq_len"], cfg["d_model"]), jnp.float32)
init_projections = functools.partial(model.init, method=RingLinearAttention.project)
params = jax.eval_shape(init_projections, jax.random.key(0), x)["params"]
tx = optax.adamw(3e-4)
opt_state = jax.eval_shape(tx.init, params)

train_step = make_train_step(model, mesh, tx, cfg)
train_step.trace(params, opt_state, x, x).lower(lowering_platforms=("tpu",))

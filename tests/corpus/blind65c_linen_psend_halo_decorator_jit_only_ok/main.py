import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from layers import ConvStack
from train import make_forward

cfg = {"seq_axis": "seq", "channels": 64, "kernel_size": 4, "depth": 2, "seq_len": 256}

mesh = Mesh(np.array(jax.devices()), (cfg["seq_axis"],))
model = ConvStack(cfg["channels"], cfg["kernel_size"], cfg["depth"],
                  num_shards=mesh.shape[cfg["seq_axis"]], seq_axis=cfg["seq_axis"])

x = jax.ShapeDtypeStruct((8, cfg["seq_len"], cfg["channels"]), jnp.float32)
variables = jax.eval_shape(model.init, jax.random.key(0), x)

forward = make_forward(model, mesh, cfg)
forward.trace(variables, x).lower(lowering_platforms=("cuda",))

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh

from config import MeshConfig, ModelConfig
from model import build_model
from train import make_forward

mesh_cfg = MeshConfig()
mesh = Mesh(np.array(jax.devices()).reshape(mesh_cfg.shape), mesh_cfg.axis_names)

model_cfg = ModelConfig(d_model=64, d_ff=256, num_layers=2,
                        tp_axis=mesh_cfg.tensor_axis)
model = build_model(model_cfg)
graphdef, state = nnx.split(model)

forward = make_forward(graphdef, state, mesh, mesh_cfg)
x = jax.ShapeDtypeStruct((16, 64), jnp.float32)
forward.trace(state, x).lower(lowering_platforms=("tpu",))

import flax.linen as fnn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

from model import ResidualMLP
from train import make_train_step

RUN = {"data_axis": "data", "partitioning": "dp", "d_model": 256, "hidden": 1024,
       "depth": 2, "batch": 64, "lr": 1e-3}

mesh = Mesh(np.array(jax.devices()), (RUN["data_axis"],))
model = ResidualMLP(RUN["d_model"], RUN["hidden"], RUN["depth"])

x = jax.ShapeDtypeStruct((RUN["batch"], RUN["d_model"]), jnp.float32)
y = jax.ShapeDtypeStruct((RUN["batch"],), jnp.float32)
boxed_params = jax.eval_shape(model.init, jax.random.key(0), x)["params"]
params = fnn.unbox(boxed_params)

tx = optax.adam(RUN["lr"])
opt_state = jax.eval_shape(tx.init, params)

train_step = make_train_step(model, mesh, tx, boxed_params, RUN)
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))

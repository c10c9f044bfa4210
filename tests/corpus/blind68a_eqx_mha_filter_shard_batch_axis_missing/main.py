import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import equinox as eqx
import optax
from jax.sharding import Mesh

from model import Classifier
from parallel import shardings
from train import make_train_step

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

model = Classifier(dim=128, num_heads=8, num_classes=10, key=jr.PRNGKey(0))
optim = optax.adamw(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))

train_step = make_train_step(
    optim, shardings.data_sharding(mesh), shardings.model_sharding(model, mesh)
)

arrays, static = eqx.partition((model, opt_state), eqx.is_array)


@jax.jit
def step(arrays, x, y):
    model, opt_state = eqx.combine(arrays, static)
    model, opt_state, loss = train_step(model, opt_state, x, y)
    return eqx.filter((model, opt_state), eqx.is_array), loss


x = jax.ShapeDtypeStruct((16, 32, 128), jnp.float32)
y = jax.ShapeDtypeStruct((16,), jnp.int32)
step.trace(arrays, x, y).lower(lowering_platforms=("tpu",))

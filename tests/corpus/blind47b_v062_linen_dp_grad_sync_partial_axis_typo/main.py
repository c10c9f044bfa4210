import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from model import MLP
from train_utils import DATA, make_train_step

mesh = Mesh(np.array(jax.devices()), (DATA,))

model = MLP()
tx = optax.sgd(0.1)
x = jnp.ones((32, 20))
y = jnp.zeros((32,), jnp.int32)
params = model.init(jax.random.PRNGKey(0), x[:1])["params"]
opt_state = tx.init(params)

train_step = make_train_step(model, tx)
train_step = shard_map(
    train_step,
    mesh=mesh,
    in_specs=(P(), P(), P(DATA), P(DATA)),
    out_specs=(P(), P(), P()),
)
train_step = jax.jit(train_step)

if __name__ == "__main__":
    lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:40])

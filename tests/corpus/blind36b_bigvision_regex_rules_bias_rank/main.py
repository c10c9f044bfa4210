import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from bv import sharding as bv_sharding

RULES = [
    (r"Dense_0/.*", P(None, "model")),
    (r"Dense_1/kernel", P("model", None)),
]


class MlpBlock(nn.Module):
    mlp_dim: int = 256

    @nn.compact
    def __call__(self, x):
        d = x.shape[-1]
        x = nn.LayerNorm()(x)
        h = nn.gelu(nn.Dense(self.mlp_dim)(x))
        return nn.Dense(d)(h)


devices = np.array(jax.devices()).reshape(2, 2)
mesh = jax.sharding.Mesh(devices, ("data", "model"))
model = MlpBlock()
x = jnp.ones((16, 64))
params = model.init(jax.random.PRNGKey(0), x)["params"]
param_sh = bv_sharding.to_shardings(mesh, bv_sharding.infer_specs(params, RULES))
params = jax.device_put(params, param_sh)
tx = optax.adamw(1e-3)
opt_state = tx.init(params)
repl = NamedSharding(mesh, P())
opt_sh = jax.tree.map(lambda a: a.sharding if a.ndim else repl, opt_state)
opt_state = jax.device_put(opt_state, opt_sh)
data_sh = NamedSharding(mesh, P("data"))


def update_fn(params, opt_state, batch):
    def loss_fn(p):
        return jnp.mean(model.apply({"params": p}, batch) ** 2)

    l, g = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(g, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, l


update_fn = jax.jit(
    update_fn,
    donate_argnums=(0, 1),
    in_shardings=(param_sh, opt_sh, data_sh),
    out_shardings=(param_sh, opt_sh, NamedSharding(mesh, P())),
)
print(update_fn.trace(params, opt_state, x).lower(lowering_platforms=("cuda",)).as_text()[:20])

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from layers import TPMLP

mesh = jax.make_mesh((2, 2), ("dp", "tp"))

with jax.set_mesh(mesh):
    model = TPMLP(32, 128, jax.random.key(1))
    opt = optax.adamw(1e-3)
    opt_state = opt.init(eqx.filter(model, eqx.is_array))

    @eqx.filter_jit
    def step(model, opt_state, x, y):
        def loss_fn(m):
            return jnp.mean((m(x) - y) ** 2)
        loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
        updates, opt_state = opt.update(grads, opt_state, model)
        return loss, eqx.apply_updates(model, updates), opt_state

    x = jax.device_put(jnp.ones((16, 32)), P("dp", None))
    y = jax.device_put(jnp.ones((16, 32)), P("dp", None))
    lowered = jax.jit(step).trace(model, opt_state, x, y).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:50])

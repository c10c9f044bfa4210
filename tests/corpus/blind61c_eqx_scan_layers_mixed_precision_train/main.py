"""Mixed-precision training of a deep residual MLP whose layers are stacked with
eqx.filter_vmap and applied with jax.lax.scan: float32 master weights, a bfloat16 copy for the
forward pass, and the activations cast to bfloat16 before they enter the scan."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Block(eqx.Module):
    norm: eqx.nn.LayerNorm
    fc1: eqx.nn.Linear
    fc2: eqx.nn.Linear

    def __init__(self, dim, *, key):
        k1, k2 = jax.random.split(key)
        self.norm = eqx.nn.LayerNorm(dim)
        self.fc1 = eqx.nn.Linear(dim, 4 * dim, key=k1)
        self.fc2 = eqx.nn.Linear(4 * dim, dim, key=k2)

    def __call__(self, x):
        return x + self.fc2(jax.nn.gelu(self.fc1(self.norm(x))))


class Model(eqx.Module):
    embed: eqx.nn.Linear
    blocks: Block
    head: eqx.nn.Linear

    def __init__(self, d_in, dim, depth, d_out, *, key):
        k1, k2, k3 = jax.random.split(key, 3)
        self.embed = eqx.nn.Linear(d_in, dim, key=k1)
        self.blocks = eqx.filter_vmap(lambda k: Block(dim, key=k))(jax.random.split(k2, depth))
        self.head = eqx.nn.Linear(dim, d_out, key=k3)

    def __call__(self, x):
        h = self.embed(x)
        dynamic, static = eqx.partition(self.blocks, eqx.is_array)
        h = h.astype(dynamic.fc1.weight.dtype)

        def f(carry, p):
            return eqx.combine(p, static)(carry), None

        h, _ = jax.lax.scan(f, h, dynamic)
        return self.head(h)


def half(tree):
    return jax.tree.map(lambda x: x.astype(jnp.bfloat16) if eqx.is_inexact_array(x) else x, tree)


opt = optax.adamw(1e-3)


@eqx.filter_value_and_grad
def loss_fn(model, x, y):
    pred = jax.vmap(half(model))(half(x))
    return jnp.mean((pred.astype(jnp.float32) - y) ** 2)


def train_step(params, opt_state, x, y, static):
    loss, grads = loss_fn(eqx.combine(params, static), x, y)
    updates, opt_state = opt.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, loss


if __name__ == "__main__":
    model = Model(32, 256, 8, 4, key=jax.random.key(1))
    params, static = eqx.partition(model, eqx.is_inexact_array)
    opt_state = opt.init(params)
    x = jax.ShapeDtypeStruct((128, 32), jnp.float32)
    y = jax.ShapeDtypeStruct((128, 4), jnp.float32)
    step = jax.jit(train_step, static_argnames="static")
    step.trace(params, opt_state, x, y, static=static).lower(lowering_platforms=("cuda",))

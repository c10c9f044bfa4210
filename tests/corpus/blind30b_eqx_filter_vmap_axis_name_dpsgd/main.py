"""DP-SGD with Equinox: per-example gradients from eqx.filter_vmap(axis_name='batch'), each
clipped, then averaged with lax.pmean over the vmapped axis; optax chain for the update."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax

CLIP = 1.0
NOISE = 0.5


def clip_tree(g, max_norm):
    norm = optax.global_norm(g)
    return jax.tree_util.tree_map(lambda t: t * jnp.minimum(1.0, max_norm / (norm + 1e-6)), g)


def per_example_grad(model, x, y):
    def loss(m):
        return optax.sigmoid_binary_cross_entropy(m(x)[0], y)
    g = eqx.filter_grad(loss)(model)
    g = clip_tree(g, CLIP)
    return lax.pmean(g, axis_name='batch')


@eqx.filter_jit
def private_step(model, opt_state, xs, ys, key):
    grads = eqx.filter_vmap(per_example_grad, in_axes=(None, 0, 0), out_axes=None,
                            axis_name='batch')(model, xs, ys)
    leaves, treedef = jax.tree_util.tree_flatten(grads)
    keys = jax.random.split(key, len(leaves))
    noisy = [g + NOISE * CLIP / xs.shape[0] * jax.random.normal(k, g.shape)
             for g, k in zip(leaves, keys)]
    grads = jax.tree_util.tree_unflatten(treedef, noisy)
    updates, opt_state = tx.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state


model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.key(0))
tx = optax.chain(optax.sgd(0.05, momentum=0.9))
opt_state = tx.init(eqx.filter(model, eqx.is_inexact_array))
arrays, static = eqx.partition((model, opt_state), eqx.is_array)


def exported(arrays, xs, ys, key):
    out = private_step(*eqx.combine(arrays, static), xs, ys, key)
    return eqx.filter(out, eqx.is_array)


lowered = jax.jit(exported).trace(arrays, jnp.ones((16, 8)), jnp.ones((16,)),
                                  jax.random.key(1)).lower(lowering_platforms=('cuda',))
print('lowered')

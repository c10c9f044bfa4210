import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class MPNNLayer(eqx.Module):
    msg: eqx.nn.MLP
    upd: eqx.nn.GRUCell
    axis_name: str = eqx.field(static=True)

    def __init__(self, hidden, axis_name, key):
        k1, k2 = jr.split(key)
        self.msg = eqx.nn.MLP(2 * hidden + 1, hidden, hidden, 1, key=k1)
        self.upd = eqx.nn.GRUCell(hidden, hidden, key=k2)
        self.axis_name = axis_name

    def __call__(self, h, senders, receivers, edge_attr):
        inp = jnp.concatenate([h[senders], h[receivers], edge_attr[:, None]], axis=-1)
        m = jax.vmap(self.msg)(inp)
        agg = jax.ops.segment_sum(m, receivers, num_segments=h.shape[0])
        agg = jax.lax.psum(agg, self.axis_name)   # edges are split over devices
        return jax.vmap(self.upd)(agg, h)


class MPNN(eqx.Module):
    layers: list

    def __init__(self, cfg, axis_name, key):
        keys = jr.split(key, cfg.n_layers)
        self.layers = [MPNNLayer(cfg.hidden, axis_name, k) for k in keys]

    def __call__(self, h, senders, receivers, edge_attr):
        for layer in self.layers:
            h = layer(h, senders, receivers, edge_attr)
        return h

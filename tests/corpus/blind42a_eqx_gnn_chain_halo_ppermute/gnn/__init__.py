from gnn.layers import ChainGNN
